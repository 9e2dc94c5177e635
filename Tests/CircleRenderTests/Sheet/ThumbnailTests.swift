import CircleCanvas
import Testing

@testable import CircleRender

@Suite("Thumbnails")
struct ThumbnailTests {
  static func grey(_ value: UInt32) -> UInt32 { 0xFF00_0000 | value << 16 | value << 8 | value }

  static func shrink(_ greys: [UInt32], to width: Int) -> [UInt32] {
    var thumbnail = Thumbnail(width: width, height: 1, sourceWidth: greys.count, sourceHeight: 1)
    let pixels = greys.map(grey)
    pixels.withUnsafeBytes { bytes in
      thumbnail.update(
        PixelRect(minX: 0, minY: 0, maxX: width, maxY: 1), from: bytes.baseAddress!,
        stride: greys.count * 4)
    }
    return thumbnail.pixels.map { $0 & 0xFF }
  }

  @Test(
    "a thumbnail pixel is the mean of the part of the picture it covers, parts of pixels weighed",
    arguments: [
      ([0, 100, 200, 255], 2, [50, 228]),
      // Each of two pixels covers one and a half of three: 0 + 90 / 2, 90 / 2 + 255.
      ([0, 90, 255], 2, [30, 200]),
      // A picture smaller than its thumbnail repeats (and blends at the seams).
      ([0, 255], 4, [0, 0, 255, 255]),
      ([0, 255], 3, [0, 128, 255]),
    ] as [([UInt32], Int, [UInt32])])
  func mean(greys: [UInt32], width: Int, expected: [UInt32]) {
    #expect(Self.shrink(greys, to: width) == expected)
  }

  @Test("the pixels a picture rectangle reaches are those whose part of it meets the rectangle")
  func covering() {
    let thumbnail = Thumbnail(width: 4, height: 2, sourceWidth: 10, sourceHeight: 4)
    #expect(
      thumbnail.covering(PixelRect(minX: 0, minY: 0, maxX: 1, maxY: 1))
        == PixelRect(minX: 0, minY: 0, maxX: 1, maxY: 1))
    // Column 5 lies in the second and the third thumbnail columns' parts (2.5…5, 5…7.5).
    #expect(
      thumbnail.covering(PixelRect(minX: 4, minY: 2, maxX: 6, maxY: 3))
        == PixelRect(minX: 1, minY: 1, maxX: 3, maxY: 2))
    #expect(thumbnail.covering(.empty) == .empty)
  }

  /// Checks the taps of every thumbnail pixel of `count` over `total`: each covers the picture
  /// pixels its part meets, and its weights add up to 256, each within one 256th of its share.
  static func tapsHold(_ count: Int, over total: Int) -> Bool {
    var next = 0
    for (index, taps) in Thumbnail.taps(count, over: total).enumerated() {
      let start = index * total
      let end = start + total
      guard taps.range.lowerBound == start / count, taps.range.upperBound * count >= end,
        taps.range.count == taps.weights.count, taps.range.lowerBound >= next - 1
      else { return false }
      var sum: UInt32 = 0
      for (pixel, weight) in zip(taps.range, taps.weights) {
        let covered = min(end, (pixel + 1) * count) - max(start, pixel * count)
        guard covered > 0, abs(Int(weight) * total - covered * 256) <= total else { return false }
        sum += weight
      }
      guard sum == 256 else { return false }
      next = taps.range.upperBound
    }
    return next == total
  }

  @Test(
    "every picture side up to 320 into every thumbnail side up to 160 gets taps that add up",
    arguments: 1...160)
  func everyRatio(count: Int) {
    // Every ratio from 1:160 to 320:1, at every phase a thumbnail pixel's edge can have.
    let failing = (1...320).filter { !Self.tapsHold(count, over: $0) }
    #expect(failing.isEmpty, "sides into \(count): \(failing.prefix(8))")
  }

  @Test(
    "the picture sides the default thumbnail takes from the largest canvases add up",
    arguments: [3890, 4300, 6000, 9999, 16384])
  func largeSides(total: Int) {
    #expect(Self.tapsHold(160, over: total))
    #expect(Self.tapsHold(1, over: total))
  }
}
