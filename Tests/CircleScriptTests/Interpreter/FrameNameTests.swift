import Testing

@testable import CircleScript

@Suite("Frame names")
struct FrameNameTests {
  @Test(
    "slugs are lower case with one dash per run of other characters",
    arguments: [
      ("start", "start"), ("Add sun", "add-sun"), ("Undo Clear", "undo-clear"),
      ("Bring c1 to Front", "bring-c1-to-front"), ("  Batch -- édit!! ", "batch-dit"),
      ("Move _x-1", "move-x-1"), ("", ""), ("!!!", ""), ("ABC123xyz", "abc123xyz"),
    ])
  func slug(_ action: String, _ expected: String) {
    #expect(FrameName.slug(action) == expected)
  }

  @Test(
    "names have at least four digits, a dash and the slug",
    arguments: [
      (0, "start", "0000-start"), (4, "Undo Clear", "0004-undo-clear"),
      (12345, "Add a", "12345-add-a"), (7, "???", "0007"),
    ])
  func name(_ number: Int, _ action: String, _ expected: String) {
    #expect(FrameName.make(number: number, action: action) == expected)
  }
}

@Suite("Frame names of long actions")
struct LongFrameNameTests {
  /// `Add ` and an id of `length` letters.
  static func action(_ length: Int) -> String { "Add " + String(repeating: "a", count: length) }

  @Test(
    "a name is cut to 240 bytes only when longer: the number stays, the slug is cut",
    arguments: [(231, 240), (232, 240), (250, 240), (10_000, 240), (230, 239)])
  func bounded(idLength: Int, expectedLength: Int) {
    let name = FrameName.make(number: 1, action: Self.action(idLength))
    #expect(name.utf8.count == expectedLength)
    #expect(name.hasPrefix("0001-add-aaaa"))
  }

  @Test("a cut never leaves a dash at the end, and frames of one run keep distinct names")
  func cutAtADash() {
    // "0001-" is 5 bytes and "add-" 4; the 240th byte falls on the dash after 230 letters.
    let action = "Add " + String(repeating: "b", count: 230) + " and more words"
    let name = FrameName.make(number: 1, action: action)
    #expect(name == "0001-add-" + String(repeating: "b", count: 230))
    let names = (0..<50).map { FrameName.make(number: $0, action: Self.action(300)) }
    #expect(Set(names).count == names.count)
  }
}
