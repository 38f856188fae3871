/// A key the user pressed, decoded from the terminal.
///
/// ```swift
/// switch key {
/// case .character("q"), .ctrl("c"): return .quitKeyPressed
/// case .down: return .selectionMovedDown
/// default: return nil
/// }
/// ```
public enum Key: Hashable, Sendable {
  /// A printable character, any Unicode (space is `.character(" ")`).
  case character(Character)
  case enter, escape, backspace, delete, tab, backTab
  case up, down, left, right, home, end, pageUp, pageDown
  case shiftUp, shiftDown, shiftLeft, shiftRight
  case insert
  /// Control plus a key: a lowercase letter (Ctrl-A is `.ctrl("a")`), or `@ \ ] ^ _`.
  /// Ctrl-H, Ctrl-I, Ctrl-J and Ctrl-M arrive as backspace, tab and enter.
  case ctrl(Character)
  /// F1 is `.function(1)`.
  case function(Int)
  case mouse(MouseEvent)
}

/// A mouse click or wheel step (only when mouse reporting is turned on).
///
/// ```swift
/// if case .mouse(let event) = key, event.kind == .press(button: 1) { select(row: event.y) }
/// ```
public struct MouseEvent: Hashable, Sendable {
  public enum Kind: Hashable, Sendable {
    case press(button: Int)
    case release(button: Int)
    case wheelUp, wheelDown
  }

  public var x: Int
  public var y: Int
  public var kind: Kind

  public init(x: Int, y: Int, kind: Kind) {
    self.x = x
    self.y = y
    self.kind = kind
  }
}

/// Something the terminal tells the app.
///
/// ```swift
/// case .resize(let width, let height): store.send(.terminalResized(width: width, height: height))
/// ```
public enum TerminalEvent: Hashable, Sendable {
  case key(Key)
  /// The terminal's new size in columns and rows; the next frame is repainted in full.
  case resize(width: Int, height: Int)
  /// Text pasted in one go (bracketed paste), newlines included: not to be taken as keys.
  case paste(String)
}

/// Decodes what ncurses' `wget_wch` returns into keys, as a pure function of the raw codes.
///
/// The key codes are curses' standard values (checked against the header by the backend's tests).
///
/// ```swift
/// CursesKeyDecoder.decode(character: 127)     // .backspace
/// CursesKeyDecoder.decode(keyCode: 0o402)     // .down
/// ```
public enum CursesKeyDecoder {
  /// Curses key codes (`KEY_*` in `curses.h`).
  public enum Code {
    public static let down: Int32 = 0o402
    public static let up: Int32 = 0o403
    public static let left: Int32 = 0o404
    public static let right: Int32 = 0o405
    public static let home: Int32 = 0o406
    public static let backspace: Int32 = 0o407
    public static let f0: Int32 = 0o410
    public static let deleteCharacter: Int32 = 0o512
    public static let insertCharacter: Int32 = 0o513
    public static let scrollForward: Int32 = 0o520
    public static let scrollReverse: Int32 = 0o521
    public static let nextPage: Int32 = 0o522
    public static let previousPage: Int32 = 0o523
    public static let enter: Int32 = 0o527
    public static let backTab: Int32 = 0o541
    public static let end: Int32 = 0o550
    /// vt220's Find key (`ESC[1~`, where other terminals put Home).
    public static let find: Int32 = 0o552
    /// vt220's Select key (`ESC[4~`, where other terminals put End).
    public static let select: Int32 = 0o601
    public static let shiftLeft: Int32 = 0o611
    public static let shiftRight: Int32 = 0o622
    public static let mouse: Int32 = 0o631
    public static let resize: Int32 = 0o632
  }

  /// A character `wget_wch` returned with `OK`; nil for codes that are not keys (C1 controls,
  /// invalid scalars).
  ///
  /// ```swift
  /// CursesKeyDecoder.decode(character: 3)  // .ctrl("c")
  /// ```
  public static func decode(character code: UInt32) -> Key? {
    switch code {
    case 13, 10: return .enter  // with nonl(), Enter is CR; Ctrl-J (LF) means the same
    case 9: return .tab
    case 27: return .escape
    case 127, 8: return .backspace
    case 0: return .ctrl("@")
    case 1...26: return .ctrl(Character(Unicode.Scalar(UInt8(0x60 + code))))
    case 28: return .ctrl("\\")
    case 29: return .ctrl("]")
    case 30: return .ctrl("^")
    case 31: return .ctrl("_")
    case 0x80...0x9F: return nil
    default:
      guard let scalar = Unicode.Scalar(code) else { return nil }
      return .character(Character(scalar))
    }
  }

  /// A function-key code `wget_wch` returned with `KEY_CODE_YES`; nil for codes that are not
  /// keys of their own (`KEY_MOUSE` and `KEY_RESIZE` are handled by the backend).
  ///
  /// ```swift
  /// CursesKeyDecoder.decode(keyCode: CursesKeyDecoder.Code.f0 + 5)  // .function(5)
  /// ```
  public static func decode(keyCode code: Int32) -> Key? {
    switch code {
    case Code.down: return .down
    case Code.up: return .up
    case Code.left: return .left
    case Code.right: return .right
    case Code.home, Code.find: return .home  // vt220's terminfo calls Home "Find"
    case Code.end, Code.select: return .end  // and End "Select"
    case Code.backspace: return .backspace
    case Code.deleteCharacter: return .delete
    case Code.insertCharacter: return .insert
    case Code.nextPage: return .pageDown
    case Code.previousPage: return .pageUp
    case Code.enter: return .enter
    case Code.backTab: return .backTab
    case Code.scrollForward: return .shiftDown
    case Code.scrollReverse: return .shiftUp
    case Code.shiftLeft: return .shiftLeft
    case Code.shiftRight: return .shiftRight
    case (Code.f0 + 1)...(Code.f0 + 63): return .function(Int(code - Code.f0))
    default: return nil
    }
  }

  /// Mouse button state bits (ncurses mouse version 2): 5 bits per button.
  public enum MouseMask {
    public static func pressed(_ button: Int) -> UInt { 0o2 << UInt((button - 1) * 5) }
    public static func released(_ button: Int) -> UInt { 0o1 << UInt((button - 1) * 5) }
    public static func clicked(_ button: Int) -> UInt { 0o4 << UInt((button - 1) * 5) }
    public static func doubleClicked(_ button: Int) -> UInt { 0o10 << UInt((button - 1) * 5) }
    public static func tripleClicked(_ button: Int) -> UInt { 0o20 << UInt((button - 1) * 5) }

    /// Every bit that means "the button went down" (a press, or a click ncurses made of a press
    /// and a release that arrived together).
    static func down(_ button: Int) -> UInt {
      pressed(button) | clicked(button) | doubleClicked(button) | tripleClicked(button)
    }
  }

  /// A mouse event from `getmouse`'s position and button state; nil when it has no button bit
  /// this app understands. A click (single, double or triple: a press and a release that came
  /// in one read) is a press, so it selects like one.
  ///
  /// ```swift
  /// CursesKeyDecoder.decodeMouse(x: 3, y: 1, state: CursesKeyDecoder.MouseMask.pressed(4))
  /// // MouseEvent(x: 3, y: 1, kind: .wheelUp)
  /// ```
  public static func decodeMouse(x: Int, y: Int, state: UInt) -> MouseEvent? {
    if state & MouseMask.pressed(4) != 0 { return MouseEvent(x: x, y: y, kind: .wheelUp) }
    if state & MouseMask.pressed(5) != 0 { return MouseEvent(x: x, y: y, kind: .wheelDown) }
    for button in 1...3 {
      if state & MouseMask.down(button) != 0 {
        return MouseEvent(x: x, y: y, kind: .press(button: button))
      }
      if state & MouseMask.released(button) != 0 {
        return MouseEvent(x: x, y: y, kind: .release(button: button))
      }
    }
    return nil
  }
}
