import Testing

@testable import TerminalUI

/// The paste collector on an injected clock: markers, the time-out and Ctrl-C.
@Suite struct PasteCollectorTests {
  let ms = Duration.milliseconds

  @Test func keysBetweenTheMarkersBecomeOnePasteEvent() {
    var paste = PasteCollector()
    #expect(paste.collect(.character("a"), at: .zero) == nil)  // not pasting: an ordinary key
    paste.start(at: .zero)
    for key: Key in [.character("d"), .enter, .character("牛"), .tab, .up, .character("x")] {
      #expect(paste.collect(key, at: ms(1)) == [])
    }
    #expect(paste.finish() == .paste("d\n牛\tx"))
    #expect(!paste.isPasting)
    #expect(paste.collect(.enter, at: ms(2)) == nil)
  }

  @Test func aPasteWithNoEndMarkerEndsAfterTheTimeOutWithItsText() {
    var paste = PasteCollector()
    #expect(paste.timeRemaining(at: .zero) == nil)  // nothing open: no reason to wake up
    paste.start(at: .zero)
    _ = paste.collect(.character("a"), at: ms(10))
    _ = paste.collect(.character("b"), at: ms(50))
    // The time-out runs from the last input, not from the start marker.
    #expect(paste.timeRemaining(at: ms(100)) == ms(150))
    #expect(paste.expire(at: ms(249)) == nil)
    #expect(paste.isPasting)
    #expect(paste.expire(at: ms(250)) == .paste("ab"))
    #expect(!paste.isPasting)
    #expect(paste.timeRemaining(at: ms(250)) == nil)
    // Keys after it are keys again: q can quit.
    #expect(paste.collect(.character("q"), at: ms(900)) == nil)
    // The end marker, if it ever comes, is not a second (empty) paste.
    #expect(paste.finish() == nil)
  }

  @Test func ctrlCEndsAPasteAndKeepsWhatItHad() {
    var paste = PasteCollector()
    paste.start(at: .zero)
    _ = paste.collect(.character("h"), at: ms(1))
    _ = paste.collect(.character("i"), at: ms(2))
    #expect(paste.collect(.ctrl("c"), at: ms(3)) == [.paste("hi")])
    #expect(!paste.isPasting)
    #expect(paste.collect(.ctrl("c"), at: ms(4)) == nil)  // now Ctrl-C is a key
  }

  @Test func aStrayEndMarkerIsNotAnEmptyPaste() {
    var paste = PasteCollector()
    #expect(paste.finish() == nil)
  }

  @Test func aSecondStartMarkerKeepsTheTextSoFar() {
    var paste = PasteCollector()
    paste.start(at: .zero)
    _ = paste.collect(.character("a"), at: ms(1))
    paste.start(at: ms(2))
    _ = paste.collect(.character("b"), at: ms(3))
    #expect(paste.finish() == .paste("ab"))
  }
}
