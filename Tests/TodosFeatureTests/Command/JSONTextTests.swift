import Foundation
import Testing

@testable import TodosFeature

/// `ls --json`'s writer prints what `JSONSerialization` printed (sorted keys, slashes as they
/// are), without Foundation. One difference: keys are sorted by code point, where Foundation
/// sorted them as Finder does (`Z` after `text`, `a9` before `a10`); `ls --json`'s own keys are
/// lowercase words, so only the keys of `tags` may come in another order.
@Suite struct JSONTextTests {
  @Test func sameTextAsJSONSerialization() throws {
    let odd = "a/b \"q\" \\ tab\t nl\n cr\r \u{1} \u{1f} \u{7f} é 日本 ✓ \u{8}\u{c}"
    let value = JSONText.object([
      "line": .number(3), "text": .string(odd), "done": .bool(false), "due": .null,
      "projects": .array([.string("family"), .string("x/y")]), "tags": .object([:]),
      "priority": .string("A"), "zz": .bool(true), "nested": .object(["b": .number(-1)]),
    ])
    let object: [String: Any] = [
      "line": 3, "text": odd, "done": false, "due": NSNull(),
      "projects": ["family", "x/y"], "tags": [String: Any](),
      "priority": "A", "zz": true, "nested": ["b": -1],
    ]
    let data = try JSONSerialization.data(
      withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
    #expect(value.text == String(decoding: data, as: UTF8.self))
  }

  @Test func keysInCodePointOrder() {
    let value = JSONText.object(["a10": .null, "a9": .null, "Z": .null, "b": .null])
    #expect(value.text == #"{"Z":null,"a10":null,"a9":null,"b":null}"#)
  }

  @Test func example() {
    let value = JSONText.object(["due": .null, "line": .number(3), "text": .string("a/b")])
    #expect(value.text == #"{"due":null,"line":3,"text":"a/b"}"#)
  }
}
