import TerminalUI

// The keys that act on the todo or the range through a prompt: `z` postpone, `m` modify. The
// prompt's field takes the text-field keys of the search (`KeyTable.textLines`).

extension KeyTable {
  private static func organise(_ action: Organise.Action) -> Todos.Action { .organise(action) }

  /// The hint-line words in a prompt, besides its keys' own.
  static let promptNote = "one undo step"

  /// The help's lines for `z`, `m` and their prompt (in the Organise section).
  static let actLines: [Line] = [
    Line(
      keys: "z  m", meaning: "postpone (3d 1w fri) / modify (+tag -@ctx due:fri pri:B)",
      bindings: [
        Binding([.character("z")], name: "postpone", in: [.list, .range], hint: ("postpone", 15)) {
          $0.targetIDs.isEmpty ? nil : organise(.postponeKeyPressed)
        },
        Binding([.character("m")], name: "modify", in: [.list, .range], hint: ("modify", 16)) {
          $0.targetIDs.isEmpty ? nil : organise(.modifyKeyPressed)
        },
      ]),
    Line(
      keys: "Enter  Esc ^C", meaning: "in the z / m prompt: apply / cancel",
      bindings: [
        Binding([.enter], name: "prompt_apply", in: [.prompt], hint: ("apply", 0)) { _ in
          organise(.promptConfirmed)
        },
        Binding([.escape, .ctrl("c")], name: "prompt_cancel", in: [.prompt], hint: ("cancel", 1)) {
          _ in organise(.promptCancelled)
        },
      ]),
  ]
}

extension KeyTable {
  /// The editor's Tab and Shift-Tab: complete a `+project`/`@context` (`TagCompletion`).
  static let completionLine = Line(
    keys: "Tab S-Tab", meaning: "editing: complete a +project / @context (again: the next)",
    bindings: [
      Binding([.tab], name: "complete_tag", in: [.editor]) { _ in
        .editor(.tagCompletionRequested(forward: true))
      },
      Binding([.backTab], name: "complete_tag_back", in: [.editor]) { _ in
        .editor(.tagCompletionRequested(forward: false))
      },
    ])
}

extension KeyTable {
  /// `i`: the detail pane (in the Organise section, after `z` and `m`).
  static let detailLine = Line(
    keys: "i", meaning: "show the whole todo below the list (i or Esc close it)",
    bindings: [
      Binding([.character("i")], name: "detail", in: [.list, .range]) { _ in
        .organise(.detailKeyPressed)
      }
    ])
}
