import FoundationEssentials
import Testing
import TodoTxt

@testable import TodosFeature

@Suite struct TodoTagsTests {
  private func pairs(_ text: String) -> [String] {
    TodoTags.all(in: text).map { "\($0.key)=\($0.value)" }
  }

  @Test func findsTagsAnywhereInTheLine() {
    #expect(pairs("due:2026-11-27 Call Bob") == ["due=2026-11-27"])
    #expect(pairs("Call Bob due:2026-11-27") == ["due=2026-11-27"])
    #expect(pairs("Call due:fri Bob t:mon h:1 rec:+1w") == ["due=fri", "t=mon", "h=1", "rec=+1w"])
    #expect(pairs("a\tdue:x\tb") == ["due=x"])
    #expect(pairs("  due:x  ") == ["due=x"])
  }

  @Test func linksAndOtherColonsAreNotTags() {
    #expect(pairs("see http://example.com/a:b due:fri") == ["due=fri"])
    #expect(pairs("https://x.org") == [])
    #expect(pairs("mailto:bob@example.com") == ["mailto=bob@example.com"])
    #expect(pairs("at 10:30:00 or time:10:30") == [])
    #expect(pairs("due: :x key: : ::") == [])
    #expect(pairs("+proj:z @ctx:w") == [])
    #expect(pairs("a/b:c (x):y") == ["a/b=c", "(x)=y"])
    #expect(pairs("Note: buy milk") == [])
    #expect(pairs("dued:x xdue:y") == ["dued=x", "xdue=y"])
  }

  @Test func unicodeAroundAndInsideTags() {
    let text = "Café ☕️ due:2026-11-27 über:straße 日本:語 émoji🎉 t:2026-12-01"
    #expect(
      pairs(text) == ["due=2026-11-27", "über=straße", "日本=語", "t=2026-12-01"])
    let tags = DateTags(text)
    #expect(tags.dueDate == day("2026-11-27"))
    #expect(text[tags.due!.range] == "due:2026-11-27")
    #expect(text[tags.threshold!.valueRange] == "2026-12-01")
  }

  /// The row highlights tags with the codec's rule; reading them must agree word for word.
  @Test(arguments: [
    "due:x", "http://x.org", "a:b:c", ":x", "x:", "+p:x", "@c:x", "+", "a/b:c", "über:straße",
    "key://x", "k:/x", "日本:語", "word", "t:2026-01-01", "h:1", "rec:+1w",
  ])
  func agreesWithTheCodecOnWhatIsATag(_ word: String) {
    let codecSaysTag = TodoTxtText.kind(ofWord: word[...]) == .tag
    #expect(TodoTags.all(in: word).count == (codecSaysTag ? 1 : 0))
  }

  @Test func noColonMeansNoTags() {
    #expect(TodoTags.all(in: "Buy milk and bread").isEmpty)
    #expect(TodoTags.all(in: "").isEmpty)
    #expect(DateTags("Buy milk").isEmpty)
  }

  @Test func dateTagsTakeTheFirstOfEachKey() {
    let tags = DateTags("a due:2026-01-02 due:2026-03-04 t:x rec:1d h:0")
    #expect(tags.due?.value == "2026-01-02")
    #expect(tags.dueDate == day("2026-01-02"))
    #expect(tags.threshold?.value == "x")
    #expect(tags.thresholdDate == nil)
    #expect(tags.recurrenceRule == Recurrence(count: 1, unit: .days))
    #expect(!tags.isHiddenForGood)
    #expect(!tags.hasMalformedRecurrence)
    #expect(DateTags("a rec:often").hasMalformedRecurrence)
    #expect(DateTags("a due:2026-02-30").dueDate == nil)
    #expect(DateTags("a Due:2026-02-03").due == nil)  // keys are case-sensitive
    #expect(TodoTags.first("due", in: "a due:x due:y")?.value == "x")
    #expect(TodoTags.first("rec", in: "a due:x") == nil)
  }

  @Test func hiddenByThresholdOrH1() {
    let today = day("2026-11-23")
    #expect(DateTags("a t:2026-11-24").isHidden(today: today))
    #expect(!DateTags("a t:2026-11-23").isHidden(today: today))
    #expect(!DateTags("a t:2026-11-01").isHidden(today: today))
    #expect(!DateTags("a t:someday").isHidden(today: today))
    #expect(DateTags("a h:1").isHidden(today: today))
    #expect(DateTags("a h:1 t:2020-01-01").isHidden(today: today))
    #expect(!DateTags("a h:0").isHidden(today: today))
    #expect(!DateTags("a").isHidden(today: today))
  }

  @Test(arguments: [
    ("Call Bob due:2026-11-27", "Call Bob"),
    ("due:2026-11-27 Call Bob", "Call Bob"),
    ("Call due:2026-11-27 Bob", "Call Bob"),
    ("Call  due:2026-11-27  Bob", "Call  Bob"),
    ("Call Bob due:2026-11-27 ", "Call Bob "),
    ("due:2026-11-27", ""),
    ("  due:2026-11-27", ""),
    ("Café due:2026-11-27 ☕️", "Café ☕️"),
    ("a due:2026-11-27 due:2026-12-01", "a due:2026-12-01"),
    ("Call Bob due:someday", "Call Bob due:someday"),
    ("Call Bob due:2026-02-30", "Call Bob due:2026-02-30"),
    ("Call Bob http://due:2026", "Call Bob http://due:2026"),
    ("Call Bob", "Call Bob"),
  ])
  func displayTextHidesTheDueDateTheBadgeShows(_ text: String, _ shown: String) {
    #expect(TodoTags.displayText(hidingDueIn: text) == shown)
  }

  @Test func replacingAValueKeepsItsPlace() {
    let text = "Café due:fri +Family t:mon"
    let due = TodoTags.first("due", in: text)!
    #expect(
      TodoTags.replacingValue(of: due, with: "2026-11-27", in: text)
        == "Café due:2026-11-27 +Family t:mon")
    let tags = TodoTags.all(in: text)
    #expect(
      TodoTags.replacingValues([(tags[1], "2026-11-30"), (tags[0], "2026-11-27")], in: text)
        == "Café due:2026-11-27 +Family t:2026-11-30")
    #expect(TodoTags.replacingValues([], in: text) == text)
  }

  @Test func settingATagReplacesOrAppends() {
    #expect(TodoTags.setting("due", to: "2026-11-30", in: "a due:x b") == "a due:2026-11-30 b")
    #expect(TodoTags.setting("due", to: "2026-11-30", in: "a rec:1w") == "a rec:1w due:2026-11-30")
    #expect(TodoTags.setting("due", to: "2026-11-30", in: "a ") == "a due:2026-11-30")
    #expect(TodoTags.setting("due", to: "2026-11-30", in: "") == "due:2026-11-30")
  }

  @Test func removingAnyTag() {
    let text = "Call  h:1 Bob"
    #expect(TodoTags.removing(TodoTags.first("h", in: text)!, from: text) == "Call Bob")
  }

  @Test func tagsAtTheSamePlaceAreEqual() {
    let a = TodoTags.all(in: "x:1 x:1")
    #expect(a[0] != a[1])
    #expect(a[0] == TodoTags.all(in: "x:1 x:1")[0])
  }

  /// The scan over the bytes finds the tags, with the same places in the text, that the walk
  /// by index (kept for texts without contiguous UTF-8) finds, over random texts.
  @Test func theByteScanAgreesWithTheWalkByIndex() {
    let pieces = [
      "due:2026-11-27", "t:x", "a:b:c", ":x", "x:", "http://a.b", "a:/b", "+p:x", "@c:y", "+",
      "@", ":", " ", "\t", "word", "é:è", "caf\u{E9}", "e\u{301}:1", "h:1", "rec:+1w", "::",
      "h:0", "h:11", "t:2026-11-30", "due:2026-02-30", "t:", "due:", "due:x:y", "t:2026-1-1",
    ]
    var generator = SplitMix(seed: 11)
    for _ in 0..<3_000 {
      var text = ""
      for _ in 0..<generator.next(upTo: 8) { text += pieces[generator.next(upTo: pieces.count)] }
      var byIndex: [TodoTag] = []
      TodoTags.forEachByIndex(in: text) { byIndex.append($0) }
      let scanned = TodoTags.all(in: text)
      #expect(scanned == byIndex, "\(text)")
      #expect(scanned.map(\.range) == byIndex.map(\.range), "\(text)")
      #expect(TodoTags.dueDate(in: text) == DateTags(text).dueDate, "\(text)")
      let dated = text + " due:2026-1\(generator.next(upTo: 3))-0\(1 + generator.next(upTo: 9))"
      #expect(TodoTags.dueDate(in: dated) == DateTags(dated).dueDate, "\(dated)")
      for text in [text, dated, text + " t:2026-12-0\(1 + generator.next(upTo: 9))"] {
        let tags = DateTags(text)
        let todo = Todo.State(id: UUID(counter: 1), description: text)
        let expected =
          tags.dueDate == nil && tags.thresholdDate == nil && !tags.isHiddenForGood
          ? nil
          : [tags.dueDate?.description, tags.thresholdDate?.description, "\(tags.isHiddenForGood)"]
        let read = RowDates(todo).map {
          [$0.due?.description, $0.start?.description, "\($0.isHiddenForGood)"]
        }
        #expect(read == expected, "\(text)")
      }
    }
  }
}
