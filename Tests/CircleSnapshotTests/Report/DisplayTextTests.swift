import CircleRender
import CircleSystem
import Testing

@testable import CircleSnapshot

@Suite("Text from files, printed")
struct DisplayTextTests {
  @Test(
    "control characters and undecodable bytes print as visible characters",
    arguments: [
      ("plain", "plain"), ("a\u{1B}]0;title\u{07}b", "a␛]0;title␇b"), ("two\nlines", "two␊lines"),
      ("del\u{7F}", "del␡"), ("c1\u{9B}", "c1\u{FFFD}"),
      (RawPath.string(from: [0x61, 0xFF]), "a\u{FFFD}"),
    ])
  func escaping(text: String, shown: String) {
    #expect(DisplayText.escaped(text) == shown)
  }
}
