import CircleCanvas
import CircleRender
import CirclesTestSupport
import Foundation
import Testing

/// `circles run --animation`, `--frames` and `--highlight-changes`, run as a user runs them.
@Suite("circles run --animation and --frames, end to end")
struct AnimationCommandTests {
  static let history = """
    canvas 120x90 background #fffbe6
    add sun at 30,30 radius 14 fill orange stroke #884400 width 2
    add sea at 60,80 radius 30 fill #3366cc opacity 0.6
    move sun by 40,5
    clear
    undo
    add moon at 100,15 radius 8 fill #ddddee
    undo
    redo
    set sea fill teal
    undo
    """

  /// The output with the elapsed time replaced by `<t>`, so whole lines can be compared.
  static func timeless(_ text: String) -> String {
    text.replacingOccurrences(
      of: #"\d+\.\d+ s\)"#, with: "<t>)", options: .regularExpression)
  }

  /// `add` commands of circles placed, sized and coloured at random, the same for a seed.
  static func randomCircles(
    _ count: Int, seed: UInt64, width: Int, height: Int, radii: ClosedRange<Int>,
    opacity: Double = 1
  ) -> String {
    var generator = SeededGenerator(seed: seed)
    return (0..<count).map { index in
      let x = Int.random(in: 0...width, using: &generator)
      let y = Int.random(in: 0...height, using: &generator)
      let radius = Int.random(in: radii, using: &generator)
      let colour = String(format: "#%06x", Int.random(in: 0...0xFFFFFF, using: &generator))
      return "add c\(index) at \(x),\(y) r \(radius) fill \(colour) opacity \(opacity)\n"
    }.joined()
  }

  static func frames(in folder: URL) throws -> [(name: String, image: PixelImage)] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
      .filter { $0.hasSuffix(".png") }
      .map { ($0, try PNGCodec.decode(Data(contentsOf: folder.appendingPathComponent($0)))) }
  }

  @Test(
    "the APNG's frames, decoded one by one, are the PNG frames' pixels", arguments: ["png", "apng"])
  func apngEqualsFrames(fileExtension: String) async throws {
    let folder = try TemporaryFolder()
    try folder.write(Self.history, to: "h.circles")
    let outcome = try await Executable.run(
      ["run", "h.circles", "-o", "out", "--animation", "h.\(fileExtension)"], in: folder.url)
    #expect(outcome.status == 0, "\(outcome)")
    #expect(outcome.stderr == "")
    let data = try Data(contentsOf: folder.url.appendingPathComponent("h.\(fileExtension)"))
    let size = RunCommandFormatting.bytes(data.count)
    #expect(
      Self.timeless(outcome.stdout) == """
        11 frames written to out (3 circles, <t>)
        animation written to h.\(fileExtension) (11 frames, \(size))

        """)
    let animation = try AnimatedImage.readAPNG(data)
    let frames = try Self.frames(in: folder.url.appendingPathComponent("out"))
    #expect(animation.frames.count == frames.count)
    for (shown, frame) in zip(animation.frames, frames) {
      #expect(shown.image == frame.image, "\(frame.name)")
    }
    // Half a second a state, the last held for 2 seconds; forever.
    #expect(animation.frames.dropLast().allSatisfy { $0.delay == 50 })
    #expect(animation.frames.last?.delay == 200 && animation.loops == 0)
    // After the first, frames store rectangles smaller than the picture.
    #expect(animation.frames.dropFirst().allSatisfy { $0.rect.area < 120 * 90 })
  }

  @Test("on a 60-step history the APNG is at most half the size of the frames together")
  func apngSize() async throws {
    let folder = try TemporaryFolder()
    let dots = Self.randomCircles(50, seed: 7, width: 320, height: 240, radii: 4...24)
    try folder.write(
      "canvas 320x240 background white\n" + dots
        + String(repeating: "undo\n", count: 5) + String(repeating: "redo\n", count: 5),
      to: "sixty.circles")
    let outcome = try await Executable.run(
      ["run", "sixty.circles", "-o", "out", "--animation", "sixty.png"], in: folder.url)
    #expect(outcome.status == 0, "\(outcome)")
    let out = folder.url.appendingPathComponent("out")
    let names = folder.files(in: "out")
    #expect(names.count == 61)
    let framesSize = try names.reduce(0) {
      $0 + (try Data(contentsOf: out.appendingPathComponent($1)).count)
    }
    let size = try Data(contentsOf: folder.url.appendingPathComponent("sixty.png")).count
    #expect(Double(size) <= 0.5 * Double(framesSize), "\(size) bytes against \(framesSize)")
  }

  @Test("the GIF has one frame per state, each within the documented colour error of its PNG")
  func gif() async throws {
    let folder = try TemporaryFolder()
    // Many colours blended by opacity: more than 256 in a frame, the hard case for a palette.
    let circles = Self.randomCircles(
      30, seed: 3, width: 200, height: 150, radii: 10...50, opacity: 0.55)
    try folder.write(
      "canvas 200x150 background white\n" + circles + "undo 5\nredo 2\n",
      to: "many.circles")
    let outcome = try await Executable.run(
      ["run", "many.circles", "-o", "out", "--animation", "many.gif", "--frame-delay", "0.2"],
      in: folder.url)
    #expect(outcome.status == 0, "\(outcome)")
    let animation = try AnimatedImage.readGIF(
      Data(contentsOf: folder.url.appendingPathComponent("many.gif")))
    let frames = try Self.frames(in: folder.url.appendingPathComponent("out"))
    #expect(animation.frames.count == frames.count && frames.count == 33)
    #expect(animation.frames.dropLast().allSatisfy { $0.delay == 20 })
    #expect(animation.frames.last?.delay == 200)
    let error = animation.colourError(against: frames.map(\.image))
    // The README gives the figures measured here (largest 14, mean 0.08) and these bounds.
    #expect(error.largest <= 24, "largest channel error \(error.largest)")
    #expect(error.mean <= 0.5, "mean channel error \(error.mean)")
    #expect(error.transparencyMismatches == 0)
  }
}

/// Sizes as `circles run` prints them.
enum RunCommandFormatting {
  static func bytes(_ count: Int) -> String {
    if count < 1000 { return "\(count) bytes" }
    if count < 1_000_000 { return String(format: "%.1f KB", Double(count) / 1000) }
    return String(format: "%.1f MB", Double(count) / 1_000_000)
  }
}
