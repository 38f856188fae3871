import Testing

@testable import TodosFeature

/// Which words of a todo are links, and which part of them.
@Suite struct TodoLinksTests {
  @Test func theFourSchemesAreLinksInAnyCase() {
    #expect(
      TodoLinks.urls(
        in:
          "a http://a.example b HTTPS://B.example/x?y=1 file:///tmp/notes.txt mailto:bob@c.example")
        == [
          "http://a.example", "HTTPS://B.example/x?y=1", "file:///tmp/notes.txt",
          "mailto:bob@c.example",
        ])
  }

  @Test func otherWordsAreNot() {
    #expect(
      TodoLinks.urls(in: "due:2024-05-01 ftp://x.example bob@c.example https:// mailto: +web")
        == [])
  }

  @Test func punctuationAroundALinkIsNotPartOfIt() {
    #expect(
      TodoLinks.urls(in: "(see https://a.example/x). “https://b.example”, <mailto:c@d.example>!")
        == ["https://a.example/x", "https://b.example", "mailto:c@d.example"])
  }

  @Test func aBracketTheLinkOpensStays() {
    #expect(
      TodoLinks.urls(in: "(https://en.wikipedia.org/wiki/Swift_(language))")
        == ["https://en.wikipedia.org/wiki/Swift_(language)"])
  }

  @Test func eachLinkOnceInTheOrderOfTheText() {
    #expect(
      TodoLinks.urls(in: "https://b.example https://a.example https://b.example")
        == ["https://b.example", "https://a.example"])
  }

  @Test func theRangeInAWordIsTheURL() throws {
    let word: Substring = "x=https://a.example/y,"
    let range = try #require(TodoLinks.url(in: word))
    #expect(word[range] == "https://a.example/y")
  }
}
