import CirclesTestSupport
import Foundation
import Testing

@testable import CircleSystem

@Suite("Paths as the system holds them")
struct RawPathTests {
  @Test("bytes that are not UTF-8 survive a trip through text", .timeLimit(.minutes(5)))
  func rawPaths() {
    var generator = SeededGenerator(seed: 3)
    for _ in 0..<500 {
      let bytes = (0..<Int.random(in: 0...12, using: &generator)).map { _ in
        UInt8.random(in: 1...255, using: &generator)
      }
      #expect(RawPath.bytes(of: RawPath.string(from: bytes)) == bytes)
      let text = RawPath.string(from: bytes)
      #expect(RawPath.byteCount(of: text) == bytes.count)
      let passed = RawPath.withCString(text) {
        Array(UnsafeRawBufferPointer(start: $0, count: strlen($0)))
      }
      #expect(passed == bytes)
    }
    #expect(RawPath.string(from: Array("sun é.png".utf8)) == "sun é.png")
    #expect(!RawPath.holdsRawBytes("sun é"))
    #expect(RawPath.holdsRawBytes(RawPath.string(from: [0x78, 0xFF])))
  }
}
