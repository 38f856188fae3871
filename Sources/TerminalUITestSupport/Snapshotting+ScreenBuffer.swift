import SnapshotTesting
import TerminalUI

extension Snapshotting where Value == ScreenBuffer, Format == String {
  /// A screen buffer as plain text: one line per row, trailing spaces trimmed.
  ///
  /// ```swift
  /// assertSnapshot(of: TodosView.render(state, width: 40, height: 10), as: .screen)
  /// ```
  public static var screen: Snapshotting {
    Snapshotting<String, String>.lines.pullback { $0.description }
  }

  /// A screen buffer as text with one annotation line per row marking styled runs (bold,
  /// reverse, colours…), so a highlight that moved fails the snapshot.
  ///
  /// ```swift
  /// assertSnapshot(of: buffer, as: .styledScreen)
  /// ```
  public static var styledScreen: Snapshotting {
    Snapshotting<String, String>.lines.pullback { $0.styledDescription }
  }
}

extension Snapshotting where Value == Frame, Format == String {
  /// A frame as its buffer's plain text, followed by the cursor position.
  ///
  /// ```swift
  /// assertSnapshot(of: frame, as: .screen)
  /// ```
  public static var screen: Snapshotting {
    Snapshotting<String, String>.lines.pullback { frame in
      frame.buffer.description + "\n" + cursorLine(frame.cursor)
    }
  }

  /// A frame as its buffer's styled text, followed by the cursor position.
  public static var styledScreen: Snapshotting {
    Snapshotting<String, String>.lines.pullback { frame in
      frame.buffer.styledDescription + "\n" + cursorLine(frame.cursor)
    }
  }

  private static func cursorLine(_ cursor: CursorPosition?) -> String {
    guard let cursor else { return "[cursor hidden]" }
    return "[cursor at x: \(cursor.x), y: \(cursor.y)]"
  }
}
