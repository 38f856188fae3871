import ArchitectureTestSupport
import Foundation
import IdentifiedCollections
import Testing

@testable import TodosFeature

/// What the list shows, top to bottom.
@MainActor
func shownTexts(_ state: Todos.State) -> [String] {
  let visible = state.visible
  return (0..<visible.count).map { visible[$0].description }
}

/// `+` and `@`: the picker, the chosen tag filtering with the filter and the search, and a new
/// todo carrying the tag.
@MainActor
@Suite struct TagPickerFeatureTests {
  let todos: IdentifiedArrayOf<Todo.State> = [
    todo(0, "Report +work @office"), todo(1, "Plan +homework"), todo(2, "Call +Work @phone"),
    todo(3, "Milk +home"), todo(4, "Old report +work", done: true), todo(5, "Nap"),
  ]
  let projects = [
    TagIndex.Entry(tag: "+home", activeCount: 1, count: 1),
    TagIndex.Entry(tag: "+homework", activeCount: 1, count: 1),
    TagIndex.Entry(tag: "+Work", activeCount: 1, count: 1),
    TagIndex.Entry(tag: "+work", activeCount: 1, count: 2),
  ]

  @Test func plusOpensAlphabeticalProjectsWithActiveCountsAndEnterShowsOne() {
    let (store, _) = makeStore(Todos.State(todos: todos, selectedID: id(0)))
    store.send(.picking(.keyPressed(.project))) {
      $0.mode = .picking(TagPicker.State(kind: .project, entries: projects))
    }
    #expect(store.state.focus == .picker)
    store.send(.picking(.picker(.selectionMoved(.last)))) {
      $0.mode = .picking(TagPicker.State(kind: .project, entries: projects, selected: 4))
    }
    store.send(.picking(.picker(.enterPressed))) {
      $0.mode = .normal
      $0.pickedTag = "+work"
    }
    // Exactly the tag: not +Work, +homework, nor a substring.
    #expect(shownTexts(store.state) == ["Report +work @office", "Old report +work"])
    store.finish()
  }

  @Test func typingNarrowsAndSelectsTheBestMatchAndTheFirstRowClearsTheChoice() {
    let (store, _) = makeStore(Todos.State(todos: todos, selectedID: id(3), pickedTag: "+home"))
    store.send(.picking(.keyPressed(.project))) {
      // The first row is selected, whatever the current choice.
      $0.mode = .picking(TagPicker.State(kind: .project, entries: projects, selected: 0))
    }
    store.send(.picking(.picker(.textEdited(.insert("wo"))))) {
      $0.mode = .picking(
        TagPicker.State(
          kind: .project, entries: projects, field: TextField(text: "wo"), selected: 1))
    }
    // Those starting with "wo" first (ignoring case), then those containing it.
    #expect(
      (try? #require(store.state.pickerState)).map { $0.shown.map(\.tag) }
        == ["+Work", "+work", "+homework"])
    store.send(.picking(.picker(.selectionMoved(.previous)))) {
      $0.mode = .picking(
        TagPicker.State(
          kind: .project, entries: projects, field: TextField(text: "wo"), selected: 0))
    }
    store.send(.picking(.picker(.enterPressed))) {
      $0.mode = .normal
      $0.pickedTag = nil
    }
    #expect(shownTexts(store.state).count == 6)
    store.finish()
  }

  @Test func escLeavesTheChoiceAsItWas() {
    let (store, _) = makeStore(Todos.State(todos: todos, selectedID: id(3), pickedTag: "+home"))
    store.send(.picking(.keyPressed(.context))) {
      $0.mode = .picking(
        TagPicker.State(
          kind: .context,
          entries: [
            TagIndex.Entry(tag: "@office", activeCount: 1, count: 1),
            TagIndex.Entry(tag: "@phone", activeCount: 1, count: 1),
          ]))
    }
    store.send(.picking(.picker(.escapePressed))) { $0.mode = .normal }
    #expect(shownTexts(store.state) == ["Milk +home"])
    store.finish()
  }

  @Test func theChoiceCombinesWithTheFilterAndTheSearch() {
    var state = Todos.State(todos: todos, selectedID: id(0), pickedTag: "+work")
    #expect(shownTexts(state) == ["Report +work @office", "Old report +work"])
    state.filter = .active
    #expect(shownTexts(state) == ["Report +work @office"])
    state.filter = .completed
    #expect(shownTexts(state) == ["Old report +work"])
    state.filter = .all
    state.search = Search.State(kept: "old")
    #expect(shownTexts(state) == ["Old report +work"])
  }

  @Test func addingWhileAProjectIsChosenPrefillsItAndTheNewTodoShows() {
    let (store, _) = makeStore(Todos.State(pickedTag: "+work"))
    store.send(.addKeyPressed) {
      $0.mode = .editing(Editor.State(id: id(0), isNew: true, field: TextField(text: "+work ")))
    }
    store.send(.editor(.textEdited(.insert("Slides")))) {
      $0.mode = .editing(
        Editor.State(id: id(0), isNew: true, field: TextField(text: "+work Slides")))
    }
    store.exhaustivity = .off  // the undo steps are the History tests' to assert
    store.send(.editor(.enterPressed)) {
      $0.mode = .normal
      $0.list.rows = [Todo.State(id: id(0), description: "+work Slides", creationDate: testDay)]
      $0.list.revision = 1
      $0.viewport.selectedID = id(0)
    }
    #expect(shownTexts(store.state) == ["+work Slides"])
    store.finish()
  }

  @Test func aNewTodoWithoutTheChosenTagShowsEveryTodoAgain() {
    let (store, _) = makeStore(Todos.State(pickedTag: "@phone"))
    store.send(.addKeyPressed) {
      $0.mode = .editing(Editor.State(id: id(0), isNew: true, field: TextField(text: "@phone ")))
    }
    store.send(.editor(.textEdited(.deleteToStart))) {
      $0.mode = .editing(Editor.State(id: id(0), isNew: true, field: TextField()))
    }
    store.send(.editor(.textEdited(.insert("Nap")))) {
      $0.mode = .editing(Editor.State(id: id(0), isNew: true, field: TextField(text: "Nap")))
    }
    store.exhaustivity = .off  // the undo steps are the History tests' to assert
    store.send(.editor(.enterPressed)) {
      $0.mode = .normal
      $0.list.rows = [Todo.State(id: id(0), description: "Nap", creationDate: testDay)]
      $0.list.revision = 1
      $0.viewport.selectedID = id(0)
      $0.pickedTag = nil
      $0.status = Todos.StatusMessage("“Nap” has no @phone: showing every todo")
    }
    #expect(shownTexts(store.state) == ["Nap"])
    store.exhaustivity = .off
  }

  @Test func searchTreatsPlusAndAtWordsAsWholeTags() {
    var state = Todos.State(todos: todos)
    state.search = Search.State(kept: "+work")
    #expect(shownTexts(state) == ["Report +work @office", "Call +Work @phone", "Old report +work"])
    state.search = Search.State(kept: "+wor")
    #expect(shownTexts(state) == [])
    state.search = Search.State(kept: "report +work")
    #expect(shownTexts(state) == ["Report +work @office", "Old report +work"])
    state.search = Search.State(kept: "@phone call")
    #expect(shownTexts(state) == ["Call +Work @phone"])
    // Without tag terms the search is the substring search it always was.
    state.search = Search.State(kept: "work")
    #expect(shownTexts(state).count == 4)
  }

  @Test func typingATagQueryNarrowsNoLongerFromAShorterTagsMatches() {
    // "+wor" matches nothing; "+work" must not search only those (none) matches.
    let (store, _) = makeStore(Todos.State(todos: todos, selectedID: id(0)))
    store.exhaustivity = .off
    store.send(.searchKeyPressed)
    for character in "+wor" { store.send(.search(.textEdited(.insert(String(character))))) }
    #expect(shownTexts(store.state) == [])
    store.send(.search(.textEdited(.insert("k"))))
    #expect(shownTexts(store.state).count == 3)
  }

  @Test func thePickersCountsFollowEditsWithoutARebuild() {
    let (store, _) = makeStore(Todos.State(todos: todos, selectedID: id(3)))
    store.exhaustivity = .off
    store.send(.picking(.keyPressed(.project)))
    store.send(.picking(.picker(.escapePressed)))
    // Toggle "Milk +home": its count drops to 0 (it is still listed), then delete it.
    store.send(.todos(.element(id: id(3), action: .checkboxToggled)))
    store.send(.picking(.keyPressed(.project)))
    #expect(
      store.state.pickerState?.entries.first
        == TagIndex.Entry(tag: "+home", activeCount: 0, count: 1))
    store.send(.picking(.picker(.escapePressed)))
    store.send(.deleteKeyPressed)
    store.send(.picking(.keyPressed(.project)))
    #expect(store.state.pickerState?.entries.map(\.tag) == ["+homework", "+Work", "+work"])
    #expect(store.state.pickerState?.entries == TagIndex(store.state.list.rows).entries(.project))
    store.send(.picking(.picker(.escapePressed)))
    store.exhaustivity = .off
  }
}

extension Todos.State {
  var pickerState: TagPicker.State? {
    if case .picking(let picker) = mode { picker } else { nil }
  }
}

@MainActor
@Suite struct ChosenTagUpkeepTests {
  @Test func theRowsOfTheChosenTagFollowAddsDeletesAndEdits() {
    // The rows carrying the chosen tag are kept row by row; after every change they must be
    // what a scan finds.
    var state = Todos.State(
      todos: [
        todo(0, "a +work"), todo(1, "b"), todo(2, "c +work @x"), todo(3, "d +home"),
      ], selectedID: id(0), pickedTag: "+work")
    func expectMatchesAScan(_ note: String) {
      let scan = state.list.rows.filter { SearchQuery.carries("+work", in: $0.description) }
      #expect(shownTexts(state) == scan.map(\.description), "\(note)")
    }
    expectMatchesAScan("start")
    var n: UInt64 = 10
    for step in 0..<40 {
      let ids = state.list.rows.ids
      let target = ids[(step * 5) % ids.count]
      switch step % 4 {
      case 0:
        n += 1
        state.list.insert(todo(n, step % 8 == 0 ? "new +work" : "new"), at: step % 3)
      case 1: state.delete(target)
      case 2:
        state.list.update(id: target) {
          $0.description = $0.description.contains("+work") ? "plain" : "now +work"
        }
      default: state.list.update(id: target) { $0.isComplete.toggle() }
      }
      expectMatchesAScan("step \(step)")
    }
  }
}
