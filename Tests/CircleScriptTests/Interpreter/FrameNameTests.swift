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
