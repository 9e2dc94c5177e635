import CircleCanvas
import CircleRender
import Foundation
import Testing

@testable import CircleSnapshot

/// A check whose frames all differ from their goldens compares them on several threads: each
/// frame still gets its own comparison, diff image and place in the report.
@Suite("Comparisons on several threads")
struct ParallelComparisonTests {
  /// Frame `index` shows `index` dots; `background` paints what is around them.
  static func frames(count: Int, background: Colour) throws -> [GoldenChecker.Frame] {
    var state = CanvasState(width: 40, height: 30)
    state.background = background
    var frames: [GoldenChecker.Frame] = []
    for index in 0..<count {
      if index > 0 {
        state.circles.append(
          Circle(
            id: "d\(index)", center: Point(x: Double(3 + index * 2 % 36), y: Double(4 + index)),
            radius: 1.5, fill: .black))
      }
      let name = index == 0 ? "0000-start" : String(format: "%04d-add-d%d", index, index)
      frames.append((name: name, image: try Renderer.render(state), state: state))
    }
    return frames
  }

  @Test("every failing frame is compared with its own golden, in order", .timeLimit(.minutes(5)))
  func eachItsOwn() throws {
    try withTemporaryFolder { folder in
      let script = folder.appendingPathComponent("dots.circles")
      let options = GoldenCheckerTests.options(folder)
      let goldens = try Self.frames(count: 24, background: .white)
      var recording = options
      recording.record = .all
      #expect(
        GoldenChecker.check(script: script, frames: goldens, options: recording).passed)
      let frames = try Self.frames(count: 24, background: Colour(hex: "#fafafa")!)
      let result = GoldenChecker.check(script: script, frames: frames, options: options)
      #expect(result.frames.map(\.name) == frames.map(\.name))
      #expect(result.frames.allSatisfy { $0.status == .failed })
      for (index, frame) in result.frames.enumerated() {
        let expected = ImageComparison(
          expected: goldens[index].image, actual: frames[index].image,
          options: options.comparison)
        #expect(frame.comparison?.differingPixels == expected.differingPixels, "\(frame.name)")
        let diff = try #require(frame.artifacts?.diff, "\(frame.name)")
        #expect(
          try PNGCodec.decode(Data(contentsOf: diff))
            == DiffImage.highlighting(
              expected: goldens[index].image, actual: frames[index].image,
              options: options.comparison), "\(frame.name)")
      }
    }
  }
}
