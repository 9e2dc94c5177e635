import Foundation
import Testing

@testable import CircleRender

/// Interlaced (Adam7) files of 8 and 16 bits, on the quick path: seven passes, each filtered on
/// its own, whose pixels land where libspng puts them, at every size where passes are empty.
@Suite("Interlaced PNG files")
struct PNGInterlacedTests {
  typealias Case = SpngDecoderTests.Case

  @Test("the seven passes take every pixel once, and empty passes are left out")
  func passesCoverTheImage() {
    for width in 1...17 {
      for height in 1...17 {
        let passes = PNGPass.passes(width: width, height: height, interlaced: true)
        var seen = [Int](repeating: 0, count: width * height)
        for pass in passes {
          #expect(pass.width > 0 && pass.height > 0, "\(width)×\(height)")
          for row in 0..<pass.height {
            for column in 0..<pass.width {
              seen[(pass.y + row * pass.dy) * width + pass.x + column * pass.dx] += 1
            }
          }
        }
        #expect(seen.allSatisfy { $0 == 1 }, "\(width)×\(height)")
        // All seven from 5×5 on (the second pass starts at column 4, the third at row 4).
        if width >= 5, height >= 5 { #expect(passes.count == 7, "\(width)×\(height)") }
      }
    }
    #expect(PNGPass.passes(width: 1, height: 1, interlaced: true).count == 1)
    #expect(
      PNGPass.passes(width: 9, height: 4, interlaced: false)
        == [PNGPass(x: 0, y: 0, dx: 1, dy: 1, width: 9, height: 4)])
  }

  /// Sizes where some passes are empty (narrower or shorter than 8), and larger ones.
  static let sizes = [(1, 1), (2, 1), (1, 2), (3, 5), (5, 3), (7, 9), (8, 8), (9, 9), (33, 17)]

  @Test(
    "every kind, at sizes with empty passes, decodes on the quick path as libspng does",
    arguments: SpngDecoderTests.interlacedCases)
  func matchesLibspng(_ test: Case) throws {
    for (index, (width, height)) in Self.sizes.enumerated() {
      var sized = test
      (sized.width, sized.height) = (width, height)
      let data = try SpngDecoderTests.file(sized, seed: UInt64(30 + index))
      let reference = try SpngFile.expectDecodersAgree(data, cairo: false, "\(sized)")
      // The band of rows held at once: its smallest, and one ending inside a row.
      for band in [1, 3 * (1 + sized.rowBytes) / 2 + 1] {
        #expect(try PNGDecoder.decode(data, bandBytes: band) == reference, "\(sized), \(band)")
      }
    }
  }
}
