import Architecture
import FoundationEssentials

extension Organise.Action {
  /// `o`, the link picker and the opener's answer.
  public enum Link: Equatable {
    /// `o`: open the link of the selected todo (or of the `v` range); several: the picker.
    case keyPressed
    /// A move in the link picker.
    case pickerMoved(TagPicker.Move)
    /// Enter in the link picker: open the selected link.
    case pickerConfirmed
    /// Esc in the link picker: nothing opens.
    case pickerCancelled
    /// The command that opened `url` ended: how.
    case finished(url: String, LinkOpener.Outcome)
  }
}

extension Todos {
  /// `o`: the links of the selected todo, or of every todo of a `v` range, each once. One
  /// opens at once, several open the picker, none says so; opening ends the range. Opening
  /// changes no todo: a command that fails says why on the status line.
  ///
  /// ```swift
  /// store.send(.organise(.link(.keyPressed)))  // runs the opener, then .link(.finished)
  /// ```
  @MainActor
  static func reduceLink(
    into state: inout State, action: Organise.Action.Link, _ environment: TodosEnvironment
  ) -> Effect<Action> {
    switch action {
    case .keyPressed:
      let ids = state.targetIDs
      guard !ids.isEmpty else { return .none }
      let links = state.links(of: ids)
      switch links.count {
      case 0:
        let what =
          ids.count == 1 ? state.list[id: ids[0]].map(quoted) ?? "" : "these \(ids.count) todos"
        state.status = StatusMessage("No link in \(what) (http://, https://, file://, mailto:)")
        return .none
      case 1:
        state.organise.rangeAnchor = nil
        return open(links[0], environment)
      default:
        state.organise.linkPicker = LinkPicker(links: links)
        return .none
      }

    case .pickerMoved(let move):
      state.organise.linkPicker?.move(move)
      return .none

    case .pickerConfirmed:
      guard let link = state.organise.linkPicker?.selectedLink else { return .none }
      state.organise.linkPicker = nil
      state.organise.rangeAnchor = nil
      return open(link, environment)

    case .pickerCancelled:
      state.organise.linkPicker = nil
      return .none

    case .finished(let url, .opened):
      state.status = StatusMessage("Opened \(url)")
      return .none

    case .finished(_, .failed(let reason)):
      state.status = StatusMessage("Open link: \(reason)", kind: .error)
      return .none
    }
  }

  /// Runs the opener on `url` (the live one hands it the terminal and waits).
  @MainActor
  private static func open(_ url: String, _ environment: TodosEnvironment) -> Effect<Action> {
    let opener = environment.linkOpener
    return .run { send in send(.organise(.link(.finished(url: url, opener.open(url))))) }
  }
}

extension Todos.State {
  /// The links of the todos `ids`, in their order and each todo's, each link once.
  ///
  /// ```swift
  /// state.links(of: state.targetIDs)  // ["https://a.example", "mailto:bob@b.example"]
  /// ```
  func links(of ids: [UUID]) -> [String] {
    var links: [String] = []
    for id in ids {
      guard let todo = list[id: id] else { continue }
      for url in TodoLinks.urls(in: todo.description) where !links.contains(url) {
        links.append(url)
      }
    }
    return links
  }
}
