import CirclesTestSupport
import Foundation
import Testing

@testable import CircleRender

/// PngSuite's images through circles' decoders: every valid one decodes to libspng's pixels (16-bit
/// samples by their high byte, no gamma applied), every corrupt one is refused with a reason.
@Suite("PngSuite")
struct PngSuiteTests {
  @Test("the suite is whole: 161 valid files and 14 corrupt ones")
  func counts() {
    #expect(PngSuite.valid.count == 161)
    #expect(PngSuite.corrupt.count == 14)
  }

  @Test("each valid file decodes to libspng's pixels", arguments: PngSuite.valid)
  func valid(name: String) throws {
    let data = try PngSuite.data(name)
    let reference = try #require(SpngFile.decode(data), "\(name)")
    #expect(try PNGCodec.decode(data) == reference, "\(name)")
    // The quick decoder takes 8- and 16-bit files and leaves the others (1, 2 and 4 bits) to
    // libspng (docs/png-decoding.md); what it takes, it decodes the same.
    if let quick = try PNGDecoder.decode(data) {
      #expect(quick == reference, "\(name)")
    }
    // What is checked of two files with equal bytes, which are not decoded, passes it.
    #expect(PNGChunkWalk.damage(in: data) == nil, "\(name)")
    #expect(PNGCodec.dataProblem(in: data) == nil, "\(name)")
  }

  @Test(
    "each corrupt file is refused by the decoders, and is not a whole PNG",
    arguments: PngSuite.corrupt)
  func corrupt(name: String) throws {
    let data = try PngSuite.data(name)
    // The quick decoder refuses or leaves the file to `PNGCodec`, which refuses it.
    #expect((try? PNGDecoder.decode(data)) == nil, "\(name)")
    #expect(throws: RenderError.self, "\(name)") { try PNGCodec.decode(data) }
    #expect(PNGChunkWalk.damage(in: data) != nil || (try? PNGHeader(data)) == nil, "\(name)")
    #expect(PNGCodec.dataProblem(in: data) != nil || (try? PNGHeader(data)) == nil, "\(name)")
  }
}
