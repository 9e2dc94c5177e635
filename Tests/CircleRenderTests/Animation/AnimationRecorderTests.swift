import CircleCanvas
import CircleRender
import CirclesTestSupport
import Foundation
import Testing

@Suite("Animated images of a sequence of pictures")
struct AnimationRecorderTests {
  /// Records random states; returns the plain pictures, in order.
  static func record(
    _ recorder: AnimationRecorder, seed: UInt64, count: Int, background: Colour = .white,
    highlighting: (Int) -> PixelRect? = { _ in nil }
  ) throws -> [PixelImage] {
    var states = RandomStates(seed: seed, background: background)
    let renderer = IncrementalRenderer()
    var pictures: [PixelImage] = []
    for index in 0..<count {
      let state = index == 0 ? states.history[0] : states.next()
      try renderer.update(to: state)
      try recorder.record(
        renderer, damage: renderer.takeDamage(), state: state, highlight: highlighting(index))
      pictures.append(renderer.currentImage()!)
    }
    return pictures
  }

  static func sameColours(_ a: PixelImage, _ b: PixelImage) -> Bool {
    zip(a.pixels, b.pixels).allSatisfy { PixelImage.straight($0) == PixelImage.straight($1) }
  }

  @Test(
    "an APNG's frames, composed, are the pictures exactly, on any background",
    .timeLimit(.minutes(5)),
    arguments: [(1, Colour.white), (2, Colour.none), (3, Colour(red: 0, green: 0, blue: 40))]
      as [(UInt64, Colour)])
  func apngFrames(seed: UInt64, background: Colour) throws {
    let folder = try TemporaryFolder()
    let url = folder.url.appendingPathComponent("history.png")
    let recorder = try AnimationRecorder(url: url, format: .apng, delay: 30, lastDelay: 150)
    let pictures = try Self.record(recorder, seed: seed, count: 50, background: background)
    let size = try recorder.finish()
    let data = try Data(contentsOf: url)
    #expect(data.count == size)
    let animation = try AnimatedImage.readAPNG(data)
    #expect(animation.frames.count == 50 && animation.loops == 0)
    for (index, (frame, picture)) in zip(animation.frames, pictures).enumerated() {
      #expect(Self.sameColours(frame.image, picture), "frame \(index)")
    }
    #expect(animation.frames.dropLast().allSatisfy { $0.delay == 30 })
    #expect(animation.frames.last?.delay == 150)
    // Programs that know only PNG show the first frame.
    #expect(Self.sameColours(try PNGCodec.decode(data), pictures[0]))
  }

  @Test("each later frame stores only the rectangle that changed")
  func rectangles() throws {
    let folder = try TemporaryFolder()
    let url = folder.url.appendingPathComponent("grow.apng")
    let recorder = try AnimationRecorder(url: url, format: .apng, delay: 10, lastDelay: 10)
    let renderer = IncrementalRenderer()
    var state = CanvasState(width: 200, height: 100, background: .white)
    for step in 0..<4 {
      if step > 0 {
        state.circles.append(
          Circle(id: "c\(step)", center: Point(x: Double(step * 40), y: 50), radius: 10))
      }
      try renderer.update(to: state)
      try recorder.record(renderer, damage: renderer.takeDamage(), state: state)
    }
    // The same picture again is one pixel.
    try recorder.record(renderer, damage: renderer.takeDamage(), state: state)
    _ = try recorder.finish()
    let frames = try AnimatedImage.readAPNG(Data(contentsOf: url)).frames
    #expect(
      frames.map(\.rect) == [
        PixelRect(minX: 0, minY: 0, maxX: 200, maxY: 100),
        PixelRect(minX: 30, minY: 40, maxX: 50, maxY: 60),
        PixelRect(minX: 70, minY: 40, maxX: 90, maxY: 60),
        PixelRect(minX: 110, minY: 40, maxX: 130, maxY: 60),
        PixelRect(minX: 0, minY: 0, maxX: 1, maxY: 1),
      ])
  }

  @Test("a highlighted frame carries the outline; the next frame takes it away")
  func highlight() throws {
    let folder = try TemporaryFolder()
    let url = folder.url.appendingPathComponent("marked.png")
    let recorder = try AnimationRecorder(url: url, format: .apng, delay: 10, lastDelay: 10)
    let region = PixelRect(minX: 30, minY: 20, maxX: 50, maxY: 40)
    let pictures = try Self.record(recorder, seed: 4, count: 6) { $0 == 3 ? region : nil }
    _ = try recorder.finish()
    let frames = try AnimatedImage.readAPNG(Data(contentsOf: url)).frames
    var marked = pictures[3]
    ChangeOutline.standard.draw(around: region, on: &marked)
    #expect(frames[3].image == marked)
    for index in [0, 1, 2, 4, 5] { #expect(Self.sameColours(frames[index].image, pictures[index])) }
  }

  @Test(
    "a GIF has every frame, each within a bounded colour error of its picture",
    .timeLimit(.minutes(5)), arguments: [Colour.white, Colour.none])
  func gif(background: Colour) throws {
    let folder = try TemporaryFolder()
    let url = folder.url.appendingPathComponent("history.gif")
    let recorder = try AnimationRecorder(url: url, format: .gif, delay: 25, lastDelay: 100)
    let pictures = try Self.record(recorder, seed: 5, count: 40, background: background)
    _ = try recorder.finish()
    let animation = try AnimatedImage.readGIF(Data(contentsOf: url))
    #expect(animation.frames.count == 40 && animation.loops == 0)
    #expect(animation.frames.dropLast().allSatisfy { $0.delay == 25 })
    #expect(animation.frames.last?.delay == 100)
    let error = animation.colourError(against: pictures)
    // Transparency is all or nothing: a pixel under half opaque is transparent.
    #expect(error.transparencyMismatches == 0)
    // Frames of fewer than 256 colours keep them exactly; these come close.
    #expect(error.largest <= 8, "largest channel error \(error.largest)")
    #expect(error.mean <= 0.05, "mean error \(error.mean)")
  }

  @Test("the destination keeps its old content until the animation is finished")
  func atomic() throws {
    let folder = try TemporaryFolder()
    let url = folder.url.appendingPathComponent("keep.gif")
    try Data("old".utf8).write(to: url)
    let recorder = try AnimationRecorder(url: url, format: .gif, delay: 10, lastDelay: 10)
    _ = try Self.record(recorder, seed: 6, count: 3)
    #expect(try Data(contentsOf: url) == Data("old".utf8))
    recorder.discard()
    #expect(try Data(contentsOf: url) == Data("old".utf8))
    #expect(folder.files(in: ".") == ["keep.gif"])
    let empty = try AnimationRecorder(url: url, format: .apng, delay: 10, lastDelay: 10)
    #expect(throws: RenderError.self) { try empty.finish() }
    #expect(folder.files(in: ".") == ["keep.gif"])
  }
}
