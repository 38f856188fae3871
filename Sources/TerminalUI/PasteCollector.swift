/// Collects the keys between the bracketed-paste markers into one `.paste` event, so a pasted
/// newline is text and not Enter, and pasted letters are not commands.
///
/// A paste whose end marker never comes (a terminal or a program that sent only `ESC[200~`)
/// must not swallow every key after it: it ends on its own `timeout` after its last input, or
/// at once on Ctrl-C, and what it collected is still delivered as text. Time is whatever clock
/// the caller passes (the backend's monotonic clock; any numbers in tests).
///
/// ```swift
/// var paste = PasteCollector()
/// paste.start(at: .zero)
/// _ = paste.collect(.character("a"), at: .milliseconds(1))  // []: taken
/// paste.finish()                                            // .paste("a")
/// paste.start(at: .seconds(1))
/// _ = paste.collect(.character("b"), at: .seconds(1))
/// paste.expire(at: .seconds(2))                             // .paste("b"): no end marker
/// ```
public struct PasteCollector: Sendable {
  /// How long a paste may go without input before it is taken as finished. Terminals send a
  /// paste in one burst; a person typing after an unterminated paste waits far longer.
  public static let timeout: Duration = .milliseconds(200)

  public private(set) var isPasting = false
  private var text = ""
  private var lastInput: Duration = .zero

  public init() {}

  /// The start marker arrived (a second one while pasting keeps what was collected).
  public mutating func start(at now: Duration) {
    if !isPasting { text = "" }
    isPasting = true
    lastInput = now
  }

  /// The end marker arrived: the pasted text as one event; nil when no paste was open (a
  /// stray end marker, or one that came after the paste had timed out).
  public mutating func finish() -> TerminalEvent? {
    guard isPasting else { return nil }
    defer {
      isPasting = false
      text = ""
    }
    return .paste(text)
  }

  /// Nil when not pasting: the key is an ordinary key. While pasting, takes the key's text
  /// (Enter as a newline, Tab as a tab; other keys are dropped) and returns no event, except
  /// Ctrl-C, which ends the paste: then the paste so far is returned (Ctrl-C itself is dropped).
  public mutating func collect(_ key: Key, at now: Duration) -> [TerminalEvent]? {
    guard isPasting else { return nil }
    lastInput = now
    switch key {
    case .character(let character): text.append(character)
    case .enter: text.append("\n")
    case .tab: text.append("\t")
    case .ctrl("c"): return finish().map { [$0] } ?? []
    default: break
    }
    return []
  }

  /// How long the caller may wait for input before `expire(at:)` ends the paste; nil when no
  /// paste is open.
  public func timeRemaining(at now: Duration) -> Duration? {
    guard isPasting else { return nil }
    return max(.zero, lastInput + Self.timeout - now)
  }

  /// Ends a paste that has had no input for `timeout`: the text so far, as a paste.
  public mutating func expire(at now: Duration) -> TerminalEvent? {
    guard isPasting, now - lastInput >= Self.timeout else { return nil }
    return finish()
  }
}
