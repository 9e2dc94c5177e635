import CircleCanvas
import CircleRender
import CircleSnapshot
import Testing

/// Regions that do not count: parsed as `x,y,w,h`, clipped to the images, left out of every
/// count.
@Suite("Ignored regions")
struct IgnoredRegionTests {
  /// A white 10×10 image with one black pixel at each given point.
  static func image(differingAt points: [(Int, Int)]) -> PixelImage {
    var image = PixelImage(width: 10, height: 10, filledWith: .white)
    for (x, y) in points { image.pixels[y * 10 + x] = 0xFF00_0000 }
    return image
  }

  static let white = image(differingAt: [])

  @Test(
    "x,y,w,h is read as four whole numbers, w and h at least 1",
    arguments: [
      ("10,20,100,40", CircleRender.PixelRect(x: 10, y: 20, width: 100, height: 40)),
      ("0,0,1,1", CircleRender.PixelRect(x: 0, y: 0, width: 1, height: 1)),
      // The largest edges that fit.
      ("9223372036854775806,0,1,1", CircleRender.PixelRect(x: Int.max - 1, y: 0, width: 1, height: 1)),
    ])
  func parses(_ text: String, _ expected: CircleRender.PixelRect) {
    #expect(CircleRender.PixelRect(parsing: text) == expected)
    #expect(expected.argument == text)
  }

  @Test(
    "anything else is refused",
    arguments: [
      "", "1,2,3", "1,2,3,4,5", "1,2,0,4", "1,2,4,0", "-1,0,2,2", "0,-1,2,2", "a,b,c,d",
      "1.5,0,2,2", "1,,2,2", "+1,0,2,2", " 1,0,2,2", "1,0,2,99999999999999999999",
      // Edges past Int.max on either side (x + w, y + h).
      "9223372036854775807,0,1,1", "0,9223372036854775800,1,8",
    ])
  func refuses(_ text: String) {
    #expect(CircleRender.PixelRect(parsing: text) == nil)
  }

  @Test("a differing pixel just inside a region is not counted; just outside it is")
  func boundaries() {
    // The region covers columns 2…4 and rows 2…4.
    let options = ComparisonOptions(ignoring: [.init(x: 2, y: 2, width: 3, height: 3)])
    for inside in [(2, 2), (4, 4), (4, 2), (2, 4)] {
      let result = ImageComparison(
        expected: Self.white, actual: Self.image(differingAt: [inside]), options: options)
      #expect(result.differingPixels == 0, "\(inside)")
      #expect(result.matches, "\(inside)")
      #expect(result.ignoredPixels == 9)
      #expect(result.comparedPixels == 91)
    }
    for outside in [(5, 4), (4, 5), (1, 2), (2, 1), (5, 5), (1, 1)] {
      let result = ImageComparison(
        expected: Self.white, actual: Self.image(differingAt: [outside]), options: options)
      #expect(result.differingPixels == 1, "\(outside)")
      #expect(result.firstDifference == PixelPoint(x: outside.0, y: outside.1))
      #expect(!result.matches)
    }
  }

  @Test("a region partly outside counts for its part inside; one wholly outside changes nothing")
  func clipping() {
    let actual = Self.image(differingAt: [(9, 9), (0, 0)])
    let partly = ImageComparison(
      expected: Self.white, actual: actual,
      options: ComparisonOptions(ignoring: [.init(x: 8, y: 8, width: 50, height: 50)]))
    #expect(partly.ignoredPixels == 4)
    #expect(partly.differingPixels == 1)
    #expect(partly.firstDifference == PixelPoint(x: 0, y: 0))
    let outside = ImageComparison(
      expected: Self.white, actual: actual,
      options: ComparisonOptions(
        ignoring: [
          .init(x: 10, y: 0, width: 5, height: 5), .init(x: 0, y: 10, width: 1, height: 1),
        ]
      ))
    let none = ImageComparison(expected: Self.white, actual: actual)
    #expect(outside.ignoredPixels == 0)
    #expect(outside.differingPixels == none.differingPixels)
    #expect(outside.comparedPixels == 100)
    #expect(outside.summary == none.summary)
    let huge = ImageComparison(
      expected: Self.white, actual: actual,
      options: ComparisonOptions(ignoring: [.init(x: 0, y: 0, width: .max, height: .max)]))
    #expect(huge.ignoredPixels == 100 && huge.differingPixels == 0 && huge.matches)
  }

  @Test("overlapping regions count their pixels once; the share limit is of the pixels that count")
  func overlaps() {
    let options = ComparisonOptions(
      limit: .share(0.02),
      ignoring: [.init(x: 0, y: 0, width: 5, height: 10), .init(x: 3, y: 0, width: 5, height: 10)])
    // 80 pixels are ignored, 20 count: one differing pixel is 5% of them, beyond 2%.
    let result = ImageComparison(
      expected: Self.white, actual: Self.image(differingAt: [(9, 0), (1, 1)]), options: options)
    #expect(result.ignoredPixels == 80)
    #expect(result.comparedPixels == 20)
    #expect(result.differingPixels == 1)
    #expect(!result.matches)
    #expect(
      result.summary == "1 pixel differ (5%), first at 9,0, all within 1x1 at 9,0; "
        + "80 pixels in ignored regions")
  }

  @Test("with a threshold and anti-aliasing on, regions still leave their pixels out")
  func tolerant() {
    var options = ComparisonOptions.tolerant
    options.ignoredRegions = [.init(x: 0, y: 0, width: 10, height: 5)]
    let result = ImageComparison(
      expected: Self.white, actual: Self.image(differingAt: [(3, 3), (3, 7)]), options: options)
    #expect(result.ignoredPixels == 50)
    #expect(result.differingPixels + result.antialiasedPixels == 1)
    let matching = ImageComparison(
      expected: Self.white, actual: Self.image(differingAt: [(3, 3)]), options: options)
    #expect(matching.summary == "images match (50 pixels in ignored regions)")
  }
}
