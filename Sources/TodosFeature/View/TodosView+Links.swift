import TerminalUI
import TodoTxt

// Links on screen: underlined in a todo's text, and the picker `o` opens when a todo (or a
// range) has several.

extension TodosView {
  /// Draws the link picker over the list area: its title, then one row per link, numbered,
  /// the selected one reversed (scrolled to stay in view).
  ///
  /// ```
  ///  Open which link? (2 links)
  ///  > 1  https://example.com/a
  ///    2  mailto:bob@example.com
  /// ```
  static func drawLinkPicker(
    _ picker: LinkPicker, into buffer: inout ScreenBuffer, top: Int, height: Int
  ) {
    let width = buffer.width
    buffer.write(
      "Open which link? (\(picker.links.count) links)", x: 1, y: top, style: titleStyle,
      maxWidth: width - 2)
    let rows = max(height - 1, 1)
    let first = max(picker.selected - rows + 1, 0)
    let numberWidth = String(picker.links.count).count
    for row in 0..<rows {
      let index = first + row
      guard index < picker.links.count else { break }
      let y = top + 1 + row
      let isSelected = index == picker.selected
      let style = isSelected ? selectedStyle : Style.plain
      if isSelected {
        buffer.write(String(repeating: " ", count: width - 2), x: 1, y: y, style: style)
        buffer.write(">", x: 0, y: y)
      }
      let number = String(index + 1)
      let numberX = checkboxX + numberWidth - number.count
      buffer.write(number, x: numberX, y: y, style: style)
      let x = checkboxX + numberWidth + 2
      var link = Style(underline: true)
      link.reverse = isSelected
      buffer.write(
        DisplayWidth.truncate(picker.links[index], toWidth: width - x - 1), x: x, y: y,
        style: link)
    }
  }

  /// Writes one span of a todo's text at `x` with the URL in it underlined (`TodoLinks`);
  /// returns the width written.
  ///
  /// ```swift
  /// x += writeLinking("(https://a.example).", x: x, y: y, style: style, into: &buffer)
  /// ```
  static func writeLinking(
    _ text: Substring, x: Int, y: Int, style: Style, into buffer: inout ScreenBuffer
  ) -> Int {
    guard let range = TodoLinks.url(in: text) else {
      return buffer.write(text, x: x, y: y, style: style)
    }
    var linkStyle = style
    linkStyle.underline = true
    var width = buffer.write(text[..<range.lowerBound], x: x, y: y, style: style)
    width += buffer.write(text[range], x: x + width, y: y, style: linkStyle)
    width += buffer.write(text[range.upperBound...], x: x + width, y: y, style: style)
    return width
  }
}
