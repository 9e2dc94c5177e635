import CircleCanvas
import CircleRender
import CircleSnapshot
import Testing

/// Ignored regions in diff images and strips: hatched, never red.
@Suite("Diff images with ignored regions")
struct DiffImageIgnoredTests {
  @Test("differences inside a region are hatched, not painted; outside they are red")
  func hatched() throws {
    let expected = PixelImage(width: 12, height: 12, filledWith: .white)
    let actual = PixelImage(width: 12, height: 12, filledWith: .black)
    let region = CircleRender.PixelRect(x: 2, y: 3, width: 6, height: 4)
    let diff = try DiffImage.highlighting(
      expected: expected, actual: actual, options: ComparisonOptions(ignoring: [region]))
    let faded = try DiffImage.highlighting(expected: expected, actual: expected).pixels[0]
    var stripes = 0
    for y in 0..<12 {
      for x in 0..<12 {
        let pixel = diff.pixels[y * 12 + x]
        let inside = (2..<8).contains(x) && (3..<7).contains(y)
        if inside {
          #expect(pixel == DiffImage.ignoredColour || pixel == faded, "\(x),\(y)")
          if pixel == DiffImage.ignoredColour { stripes += 1 }
        } else {
          #expect(pixel == DiffImage.changedColour, "\(x),\(y)")
        }
      }
    }
    // Diagonal stripes: some pixels of every row of the region, never all of them.
    #expect(stripes > 0 && stripes < 24)
    let strip = try DiffImage.strip(expected: expected, diff: diff, actual: actual)
    #expect(strip.pixels.contains(DiffImage.ignoredColour))
  }

  @Test("a region wholly outside the images leaves the diff image as it was")
  func outside() throws {
    let expected = PixelImage(width: 4, height: 4, filledWith: .white)
    let actual = PixelImage(width: 4, height: 4, filledWith: .black)
    let plain = try DiffImage.highlighting(expected: expected, actual: actual)
    let ignoring = try DiffImage.highlighting(
      expected: expected, actual: actual,
      options: ComparisonOptions(ignoring: [.init(x: 4, y: 0, width: 3, height: 3)]))
    #expect(plain == ignoring)
  }
}
