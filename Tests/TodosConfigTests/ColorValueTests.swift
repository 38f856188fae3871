import TerminalUI
import Testing

@testable import TodosConfig

@Suite struct ColorValueTests {
  @Test func readsNamesNumbersAndHex() throws {
    #expect(try ColorValue(parsing: "red") == .named(.red))
    #expect(try ColorValue(parsing: "bright-blue") == .named(.brightBlue))
    #expect(try ColorValue(parsing: "BrightBlue") == .named(.brightBlue))
    #expect(try ColorValue(parsing: "bright_white") == .named(.brightWhite))
    #expect(try ColorValue(parsing: "208") == .palette(208))
    #expect(try ColorValue(parsing: "9") == .named(.brightRed))
    #expect(try ColorValue(parsing: "#FF8700") == .rgb(red: 255, green: 135, blue: 0))
    #expect(ColorValue.names.count == 16)
    for (name, color) in zip(ColorValue.names, Color.allCases) {
      #expect(name.replacingOccurrences(of: "-", with: "") == "\(color)".lowercased())
    }
    for name in ColorValue.names {
      #expect(try ColorValue(parsing: name).description == name)
    }
  }

  @Test(arguments: ["#12", "#gggggg", "#1234567", "purple", "256", "-1", ""])
  func rejectsBadColours(text: String) {
    #expect(throws: ColorNameError.self) { try ColorValue(parsing: text) }
  }

  @Test func spellingReadsBack() throws {
    for value in [
      ColorValue.named(.brightMagenta), .palette(17), .palette(255),
      .rgb(red: 1, green: 2, blue: 254),
    ] {
      #expect(try ColorValue(parsing: value.description) == value)
    }
  }

  @Test func downgradesRgbTo256() {
    // Exact cube entries and grays map to themselves.
    #expect(
      ColorValue.rgb(red: 255, green: 135, blue: 0).downgraded(to: .colors256) == .palette(208))
    #expect(
      ColorValue.rgb(red: 95, green: 175, blue: 255).downgraded(to: .colors256) == .palette(75))
    #expect(
      ColorValue.rgb(red: 128, green: 128, blue: 128).downgraded(to: .colors256) == .palette(244))
    // Near, not exact: the nearest cube entry.
    #expect(
      ColorValue.rgb(red: 250, green: 140, blue: 10).downgraded(to: .colors256) == .palette(208))
  }

  @Test func downgradesTo16And8() {
    #expect(
      ColorValue.rgb(red: 255, green: 0, blue: 0).downgraded(to: .colors16) == .named(.brightRed))
    #expect(ColorValue.rgb(red: 200, green: 0, blue: 0).downgraded(to: .colors16) == .named(.red))
    #expect(ColorValue.rgb(red: 200, green: 0, blue: 0).downgraded(to: .colors8) == .named(.red))
    #expect(ColorValue.palette(196).downgraded(to: .colors16) == .named(.brightRed))
    #expect(ColorValue.palette(196).downgraded(to: .colors8) == .named(.red))
    #expect(ColorValue.palette(232).downgraded(to: .colors8) == .named(.black))
    #expect(ColorValue.named(.brightRed).downgraded(to: .colors8) == .named(.red))
    #expect(ColorValue.named(.brightRed).downgraded(to: .colors16) == .named(.brightRed))
    #expect(ColorValue.palette(208).downgraded(to: .colors256) == .palette(208))
    // Greys stay grey: by distance alone 244 (#808080) is nearer yellow than white.
    #expect(ColorValue.palette(244).downgraded(to: .colors8) == .named(.white))
    #expect(ColorValue.palette(244).downgraded(to: .colors16) == .named(.brightBlack))
    #expect(
      ColorValue.rgb(red: 250, green: 250, blue: 250).downgraded(to: .colors16)
        == .named(.brightWhite))
    let rgb = ColorValue.rgb(red: 1, green: 2, blue: 3)
    #expect(rgb.downgraded(to: .trueColor) == rgb)
  }

  @Test func paletteNumbersAndDepths() {
    #expect(ColorValue.named(.brightRed).paletteNumber(for: .colors8) == 1)
    #expect(ColorValue.named(.brightRed).paletteNumber(for: .colors16) == 9)
    #expect(ColorValue.rgb(red: 255, green: 135, blue: 0).paletteNumber(for: .trueColor) == 208)
    #expect(ColorValue.Depth(colorCount: 8) == .colors8)
    #expect(ColorValue.Depth(colorCount: 88) == .colors16)
    #expect(ColorValue.Depth(colorCount: 256) == .colors256)
    #expect(ColorValue.Depth(colorCount: 0) == .colors8)
  }

  @Test func styleForATerminal() {
    let style = StyleSetting(
      foreground: .rgb(red: 255, green: 0, blue: 0), background: .palette(21), bold: true)
    #expect(
      style.style(for: .colors16) == Style(bold: true, foreground: .brightRed, background: .blue))
    #expect(style.style(for: .colors8) == Style(bold: true, foreground: .red, background: .blue))
    #expect(StyleSetting.plain.style(for: .colors256) == .plain)
  }

  @Test func aTwoHundredFiftySixColourTerminalGetsThePaletteColourItself() {
    let style = StyleSetting(
      foreground: .palette(208), background: .rgb(red: 95, green: 175, blue: 255))
    #expect(
      style.style(for: .colors256) == Style(foreground: .palette(208), background: .palette(75)))
    #expect(StyleSetting(foreground: .named(.red)).style(for: .colors256).foreground == .red)
    let red = StyleSetting(foreground: .palette(196))
    #expect(red.style(for: .colors256).foreground == .palette(196))
    #expect(red.style(for: .colors16).foreground == .brightRed)
    #expect(red.style(for: .colors8).foreground == .red)
    #expect(red.style(for: .trueColor).foreground == .brightRed)
  }
}
