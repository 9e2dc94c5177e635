import CircleCanvas
import CircleRender
import Foundation
import Testing

@testable import CircleSnapshot

/// Three frames of a small script: an empty canvas, a sun, then a moon.
struct Scenes {
  static let start = CanvasState(width: 40, height: 30)
  static let sun = Circle(
    id: "sun", center: Point(x: 14, y: 15), radius: 8, fill: Colour(hex: "#555555")!)
  static let moon = Circle(id: "moon", center: Point(x: 28, y: 12), radius: 5, fill: .black)

  static func frames(sunFill: Colour? = nil, size: Int = 40) throws -> [GoldenChecker.Frame] {
    var sun = Self.sun
    if let sunFill { sun.fill = sunFill }
    var states = [start, start, start]
    states[1].circles = [sun]
    states[2].circles = [sun, moon]
    for index in states.indices { states[index].width = size }
    let names = ["0000-start", "0001-add-sun", "0002-add-moon"]
    return try zip(names, states).map { name, state in
      (name: name, image: try Renderer.render(state), state: state)
    }
  }
}

@Suite("Golden store and checking")
struct GoldenCheckerTests {
  static func options(_ folder: URL, record: RecordMode = .none, prune: Bool = false)
    -> CheckOptions
  {
    CheckOptions(
      record: record, prune: prune,
      artifactsDirectory: folder.appendingPathComponent("artifacts", isDirectory: true),
      renderer: "cairo test")
  }

  static func script(_ folder: URL) -> URL { folder.appendingPathComponent("scene.circles") }

  static func goldenFolder(_ folder: URL) -> URL {
    folder.appendingPathComponent("__snapshots__/scene", isDirectory: true)
  }

  /// Records the three frames and returns the golden files' bytes by name.
  @discardableResult
  static func record(_ folder: URL) throws -> [String: Data] {
    let result = GoldenChecker.check(
      script: script(folder), frames: try Scenes.frames(), options: options(folder, record: .all))
    #expect(result.frames.map(\.status) == [.recorded, .recorded, .recorded])
    return try goldens(folder)
  }

  static func goldens(_ folder: URL) throws -> [String: Data] {
    var files: [String: Data] = [:]
    let names = try FileManager.default.contentsOfDirectory(atPath: goldenFolder(folder).path)
    for name in names where name.hasSuffix(".png") && !name.hasPrefix(".") {
      files[String(name.dropLast(4))] = try Data(
        contentsOf: goldenFolder(folder).appendingPathComponent(name))
    }
    return files
  }

  @Test("a missing golden fails and writes no golden")
  func missing() throws {
    try withTemporaryFolder { folder in
      let result = GoldenChecker.check(
        script: Self.script(folder), frames: try Scenes.frames(), options: Self.options(folder))
      #expect(!result.passed)
      #expect(result.frames.map(\.status) == [.missing, .missing, .missing])
      #expect(result.firstDivergingFrame?.name == "0000-start")
      #expect(!FileManager.default.fileExists(atPath: Self.goldenFolder(folder).path))
      #expect(result.rerecordCommand.hasSuffix("scene.circles --record missing"))
      let actual = try #require(result.frames[1].artifacts?.actual)
      #expect(try PNGCodec.decode(Data(contentsOf: actual)) == Scenes.frames()[1].image)
    }
  }

  @Test("recorded goldens pass unchanged and stay byte-identical, with their metadata")
  func unchanged() throws {
    try withTemporaryFolder { folder in
      let before = try Self.record(folder)
      #expect(before.count == 3)
      let result = GoldenChecker.check(
        script: Self.script(folder), frames: try Scenes.frames(), options: Self.options(folder))
      #expect(result.passed)
      #expect(result.frames.map(\.status) == [.passed, .passed, .passed])
      #expect(result.firstDivergingFrame == nil)
      #expect(try Self.goldens(folder) == before)
      let sunFile = Self.goldenFolder(folder).appendingPathComponent("0001-add-sun.png")
      let metadata = try GoldenMetadata(png: before["0001-add-sun"]!, file: sunFile)
      #expect(metadata.scene?.circles.map(\.id) == ["sun"])
      #expect(metadata.renderer == "cairo test")
      #expect(try GoldenMetadata(png: before["0001-add-sun"]!).scene == nil)
    }
  }

  @Test("a one-colour change fails at the right frames with a diff, a strip and a semantic diff")
  func colourChange() throws {
    try withTemporaryFolder { folder in
      let before = try Self.record(folder)
      let frames = try Scenes.frames(sunFill: Colour(hex: "#55aa55")!)
      let result = GoldenChecker.check(
        script: Self.script(folder), frames: frames, options: Self.options(folder))
      #expect(!result.passed)
      #expect(result.frames.map(\.status) == [.passed, .failed, .failed])
      #expect(result.firstDivergingFrame?.name == "0001-add-sun")
      let failure = result.frames[1]
      #expect(failure.sceneDiff == ["sun: fill #555555 → #55aa55"])
      let comparison = try #require(failure.comparison)
      #expect(comparison.differingPixels > 150)
      #expect(comparison.differenceBounds == PixelRect(x: 6, y: 7, width: 16, height: 16))
      let artifacts = try #require(failure.artifacts)
      let diff = try PNGCodec.decode(Data(contentsOf: try #require(artifacts.diff)))
      #expect(diff.pixels.count { $0 == DiffImage.changedColour } == comparison.differingPixels)
      let strip = try PNGCodec.decode(Data(contentsOf: try #require(artifacts.strip)))
      #expect(strip.width == 3 * 40 + 2 * DiffImage.separatorWidth)
      #expect(try PNGCodec.decode(Data(contentsOf: artifacts.actual)) == frames[1].image)
      #expect(try Self.goldens(folder) == before)
      #expect(result.rerecordCommand.hasSuffix("scene.circles --record failed"))
    }
  }

  /// The statuses of the three frames when frame 1 differs and frame 2 has no golden.
  @Test(
    "record modes write exactly the goldens they name",
    arguments: [
      (RecordMode.none, [FrameStatus.passed, .failed, .missing], false, false),
      (.missing, [.passed, .failed, .recorded], false, true),
      (.failed, [.passed, .recorded, .missing], true, false),
      (.missingAndFailed, [.passed, .recorded, .recorded], true, true),
      (.all, [.recorded, .recorded, .recorded], true, true),
    ])
  func recordModes(mode: RecordMode, statuses: [FrameStatus], rewrites: Bool, adds: Bool) throws {
    try withTemporaryFolder { folder in
      let before = try Self.record(folder)
      let moon = Self.goldenFolder(folder).appendingPathComponent("0002-add-moon.png")
      try FileManager.default.removeItem(at: moon)
      var options = Self.options(folder, record: mode)
      // A different renderer name makes `all` rewrite even the frame that matches.
      if mode == .all { options.renderer = "cairo other" }
      let frames = try Scenes.frames(sunFill: .white)
      let result = GoldenChecker.check(
        script: Self.script(folder), frames: frames, options: options)
      #expect(result.frames.map(\.status) == statuses)
      let after = try Self.goldens(folder)
      #expect((after["0001-add-sun"] != before["0001-add-sun"]) == rewrites)
      #expect((after["0002-add-moon"] != nil) == adds)
      if rewrites {
        #expect(try PNGCodec.decode(after["0001-add-sun"]!) == frames[1].image)
        #expect(result.firstDivergingFrame?.name == "0001-add-sun")
      }
    }
  }

  @Test("orphan goldens are reported, and deleted only with prune")
  func orphans() throws {
    try withTemporaryFolder { folder in
      let before = try Self.record(folder)
      let frames = Array(try Scenes.frames().prefix(2))
      let kept = GoldenChecker.check(
        script: Self.script(folder), frames: frames, options: Self.options(folder))
      #expect(kept.frames.map(\.status) == [.passed, .passed, .orphan])
      #expect(kept.frames.last?.name == "0002-add-moon")
      #expect(kept.passed)
      #expect(try Self.goldens(folder) == before)
      var strict = Self.options(folder)
      strict.failsOnOrphans = true
      #expect(
        !GoldenChecker.check(script: Self.script(folder), frames: frames, options: strict)
          .passed)
      let pruned = GoldenChecker.check(
        script: Self.script(folder), frames: frames, options: Self.options(folder, prune: true))
      #expect(pruned.frames.map(\.status) == [.passed, .passed, .pruned])
      #expect(try Self.goldens(folder).keys.sorted() == ["0000-start", "0001-add-sun"])
    }
  }

  @Test("a frame of another size fails as a size mismatch")
  func sizeMismatch() throws {
    try withTemporaryFolder { folder in
      try Self.record(folder)
      let result = GoldenChecker.check(
        script: Self.script(folder), frames: try Scenes.frames(size: 50),
        options: Self.options(folder))
      #expect(result.frames.map(\.status) == [.failed, .failed, .failed])
      #expect(result.frames[0].comparison == nil, "the golden is not decoded")
      #expect(result.frames[0].problem == "sizes differ: golden 40x30, actual 50x30")
      #expect(result.frames[0].goldenSize == PixelSize(width: 40, height: 30))
      #expect(result.frames[0].actualSize == PixelSize(width: 50, height: 30))
      #expect(result.frames[0].sceneDiff == ["canvas: size 40x30 → 50x30"])
    }
  }

  @Test(
    "corrupt or non-PNG goldens are errors naming the file, and record failed replaces them",
    arguments: [Data("not an image".utf8), Data(), Data(PNGChunkWalk.signature + [0, 0, 0])])
  func corrupt(bytes: Data) throws {
    try withTemporaryFolder { folder in
      let before = try Self.record(folder)
      let sun = Self.goldenFolder(folder).appendingPathComponent("0001-add-sun.png")
      try bytes.write(to: sun)
      let result = GoldenChecker.check(
        script: Self.script(folder), frames: try Scenes.frames(), options: Self.options(folder))
      #expect(result.frames.map(\.status) == [.passed, .failed, .passed])
      let error = try #require(result.frames[1].error)
      #expect(error.hasPrefix("golden '\(sun.path)' is damaged: "), "\(error)")
      #expect(error.hasSuffix("; --record failed replaces it"))
      #expect(result.errors.count == 1, "a damaged golden is an error: exit 2")
      #expect(result.frames[1].artifacts?.diff == nil)
      #expect(try Data(contentsOf: sun) == bytes)
      let fixed = GoldenChecker.check(
        script: Self.script(folder), frames: try Scenes.frames(),
        options: Self.options(folder, record: .failed))
      #expect(fixed.frames[1].status == .recorded)
      #expect(try Self.goldens(folder) == before)
    }
  }

  @Test("a mismatch with a golden from another renderer says so")
  func otherRenderer() throws {
    try withTemporaryFolder { folder in
      try Self.record(folder)
      var options = Self.options(folder)
      options.renderer = "cairo 9.9.9"
      let result = GoldenChecker.check(
        script: Self.script(folder), frames: try Scenes.frames(sunFill: .white), options: options)
      #expect(
        result.frames[1].notes == [
          "the golden was rendered with cairo test, this run with cairo 9.9.9"
        ])
    }
  }

  @Test("the default golden folder sits beside the script")
  func defaultFolder() {
    let script = URL(fileURLWithPath: "/work/samples/sun.circles")
    #expect(
      CheckOptions.defaultGoldenDirectory(forScript: script).path
        == "/work/samples/__snapshots__/sun")
    #expect(CheckOptions().artifactsDirectory.lastPathComponent == ".circles-artifacts")
  }
}
