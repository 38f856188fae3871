import Architecture
import TerminalUI
import TodoTxt

/// The keys as they arrive: the keymap, with the first key of a two-key sequence (`g` of
/// `g g`) kept until the second comes or `timeout` passes, as vim's `timeoutlen` does. While
/// it waits, the hint line shows it (`g…`); `changes` grows whenever that changes, so the run
/// loop draws again.
///
/// ```swift
/// let input = KeyInput(scheduler: scheduler)
/// input.action(for: .character("g"), in: state, keys: keys)  // nil; input.pending == "g"
/// input.action(for: .character("g"), in: state, keys: keys)  // select(.first)
/// ```
@MainActor
public final class KeyInput {
  /// How long the first key of a sequence waits for the second.
  public static let timeout: Duration = .seconds(1)

  private var reader = KeySequenceReader()
  private let scheduler: any Scheduler
  private var expiry: ScheduledWork?
  /// Grows each time the pending key changes.
  public private(set) var changes: UInt64 = 0

  public init(scheduler: any Scheduler) {
    self.scheduler = scheduler
  }

  /// The first key of a sequence, waiting for the second.
  public var pending: Key? { reader.pending }

  /// The action `key` means now, given a pending key.
  public func action(
    for key: Key, in state: Todos.State, keys: KeyBindings
  ) -> Todos.Action? {
    let before = reader.pending
    let action = reader.action(for: key, in: state, keys: keys)
    if reader.pending != before || before != nil { changes &+= 1 }
    expiry?.cancel()
    expiry = nil
    if reader.pending != nil {
      expiry = scheduler.schedule(after: Self.timeout) { [weak self] in
        guard let self else { return }
        reader.expire()
        expiry = nil
        changes &+= 1
      }
    }
    return action
  }
}

extension TodosView {
  /// The hint line while a sequence waits for its second key: the key with `…`, then what
  /// each key that completes it does (`g… · g first`).
  static func drawPendingKey(
    _ key: Key, _ state: Todos.State, into buffer: inout ScreenBuffer, y: Int,
    keys: KeyBindings = .standard
  ) {
    let focus = state.focus
    var parts = [KeyTable.name(key) + "…"]
    for binding in keys.bindings where binding.focuses.contains(focus) {
      for sequence in binding.sequences where sequence.count == 2 && sequence[0] == key {
        let what = (binding.name ?? "").replacingText("_", with: " ")
        parts.append("\(KeyTable.name(sequence[1])) \(what)")
      }
    }
    let room = buffer.width - 2
    var line = ""
    for part in parts {
      let candidate = line.isEmpty ? part : line + " · " + part
      guard DisplayWidth.of(candidate) <= room else { break }
      line = candidate
    }
    buffer.write(line, x: 1, y: y, style: hintStyle, maxWidth: room)
  }
}
