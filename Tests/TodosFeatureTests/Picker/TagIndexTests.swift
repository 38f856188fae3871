import Foundation
import Testing
import TodoTxt

@testable import TodosFeature

private func entry(_ tag: String, _ active: Int, of count: Int) -> TagIndex.Entry {
  TagIndex.Entry(tag: tag, activeCount: active, count: count)
}

@Suite struct TagIndexTests {
  @Test func countsActiveTodosPerTagAlphabetically() {
    let index = TagIndex([
      todo(0, "Call Mom +family @phone"),
      todo(1, "Fix bike +home @garage"),
      todo(2, "Water plants +home", done: true),
      todo(3, "Taxes +Admin @desk +home"),
    ])
    #expect(
      index.entries(.project) == [
        entry("+Admin", 1, of: 1), entry("+family", 1, of: 1), entry("+home", 2, of: 3),
      ])
    #expect(
      index.entries(.context) == [
        entry("@desk", 1, of: 1), entry("@garage", 1, of: 1), entry("@phone", 1, of: 1),
      ])
  }

  @Test func tagsAreCaseSensitiveButSortedIgnoringCase() {
    let index = TagIndex([
      todo(0, "a +work"), todo(1, "b +Work"), todo(2, "c +apple"), todo(3, "d +Zebra"),
    ])
    #expect(index.entries(.project).map(\.tag) == ["+apple", "+Work", "+work", "+Zebra"])
  }

  @Test func theCodecsWordRuleDecidesWhatIsATag() {
    // A lone sign, an e-mail address and a sign mid-word are not tags; `+a,b` is the project
    // "a,b" (the highlighter draws the whole word as one).
    let tags = TagIndex.tags(in: "+ @ mail me@example.com c++ +a,b\t@home +a,b")
    #expect(tags.map(\.tag) == ["+a,b", "@home"])
    #expect(tags.map(\.kind) == [.project, .context])
    for word in ["+", "@", "me@example.com", "c++", "+a,b", "@home"] {
      let isTag =
        TodoTxtText.kind(ofWord: Substring(word)) == .project
        || TodoTxtText.kind(ofWord: Substring(word)) == .context
      #expect(isTag == tags.contains { $0.tag == word }, "\(word)")
    }
  }

  @Test func aTodoWithATagTwiceCountsOnce() {
    let index = TagIndex([todo(0, "+x and +x again")])
    #expect(index.entries(.project) == [entry("+x", 1, of: 1)])
  }

  @Test func incrementalChangesMatchARebuild() {
    let call = todo(0, "Call Mom +family @phone")
    let fix = todo(1, "Fix bike +home")
    var index = TagIndex([call, fix])

    // Edited: +family goes, +mom comes.
    var edited = call
    edited.description = "Call Mom +mom @phone"
    index.apply(removing: call, adding: edited)
    #expect(index == TagIndex([edited, fix]))
    #expect(index.entries(.project).map(\.tag) == ["+home", "+mom"])

    // Completed: still listed, no longer active.
    var done = fix
    done.isComplete = true
    index.apply(removing: fix, adding: done)
    #expect(index.entries(.project) == [entry("+home", 0, of: 1), entry("+mom", 1, of: 1)])
    #expect(index == TagIndex([edited, done]))

    // Added, then deleted.
    let added = todo(2, "Paint +home @garage")
    index.apply(removing: nil, adding: added)
    #expect(index == TagIndex([edited, done, added]))
    index.apply(removing: edited, adding: nil)
    index.apply(removing: done, adding: nil)
    #expect(index == TagIndex([added]))
    index.apply(removing: added, adding: nil)
    #expect(index == TagIndex())
    #expect(index.entries(.project) == [])
  }

  @Test func typingNarrowsPrefixMatchesFirst() {
    let index = TagIndex([
      todo(0, "+homework"), todo(1, "+work"), todo(2, "+WorkOut"), todo(3, "+garden"),
    ])
    #expect(
      index.entries(.project, matching: "wo").map(\.tag) == ["+work", "+WorkOut", "+homework"])
    #expect(
      index.entries(.project, matching: "+WO").map(\.tag) == ["+work", "+WorkOut", "+homework"])
    #expect(index.entries(.project, matching: "").count == 4)
    #expect(index.entries(.project, matching: "zzz") == [])
  }
}

@Suite struct SearchQueryTests {
  @Test func aQueryWithoutTagsIsOnePhraseAsBefore() {
    let query = SearchQuery("  buy milk ")
    #expect(query.phrases == ["buy milk"])
    #expect(query.tags == [])
    #expect(query.matches("Buy Milk today"))
    #expect(!query.matches("milk to buy"))
  }

  @Test func aTagTermMatchesTheWholeTagNotASubstring() {
    let query = SearchQuery("+work")
    #expect(query.matches("Report +work"))
    #expect(query.matches("Report +Work"))  // search ignores case
    #expect(!query.matches("Report +workshop"))
    #expect(!query.matches("Report about +work-life"))
    #expect(!query.matches("homework"))
  }

  @Test func tagsAndTextCombine() {
    let query = SearchQuery("call +family mom @phone")
    #expect(query.tags == ["+family", "@phone"])
    #expect(query.phrases == ["call", "mom"])
    #expect(query.matches("Call Mom +family @phone"))
    #expect(!query.matches("Call Mom +family"))
    #expect(!query.matches("Call Dad +family @phone"))
  }

  @Test func aLoneSignIsText() {
    let query = SearchQuery("c + d")
    #expect(query.tags == [])
    #expect(query.matches("c + d"))
  }

  @Test func theEmptyQueryMatchesEverything() {
    #expect(SearchQuery("   ").isEmpty)
    #expect(SearchQuery("").matches("anything"))
  }

  @Test func thePickersFilterIsExact() {
    #expect(SearchQuery.carries("+work", in: "Report +work @desk"))
    #expect(!SearchQuery.carries("+work", in: "Report +Work"))
    #expect(!SearchQuery.carries("+work", in: "Report +workshop"))
    #expect(SearchQuery.carries("@desk", in: "Report +work @desk"))
  }
}
