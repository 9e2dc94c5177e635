import CircleCanvas
import CircleRender
import CircleSnapshot
import CirclesTestSupport
import Foundation
import Testing

/// Two folders of images paired by path: what becomes of each image, what is skipped, what an
/// update writes.
@Suite("Folder comparison")
struct FolderComparisonTests {
  static let grey = PixelImage(
    width: 4, height: 3, filledWith: Colour(red: 128, green: 128, blue: 128))

  static func changed(_ image: PixelImage, at index: Int) -> PixelImage {
    var copy = image
    copy.pixels[index] = 0xFF00_0000
    return copy
  }

  static func frames(_ result: CheckResult) -> [String: FrameResult] {
    Dictionary(uniqueKeysWithValues: result.scripts[0].frames.map { ($0.name, $0) })
  }

  @Test("images pair by path: passed, changed, new, deleted; other sizes are never decoded")
  func statuses() throws {
    try withTemporaryFolder { root in
      let fixture = try FolderFixture(root: root)
      try fixture.write(Self.grey, "same.png", in: fixture.expected)
      try fixture.write(Self.grey, "same.png", in: fixture.actual)
      try fixture.write(Self.grey, "sub/page.png", in: fixture.expected)
      try fixture.write(Self.changed(Self.grey, at: 5), "sub/page.png", in: fixture.actual)
      try fixture.write(Self.grey, "only-actual.png", in: fixture.actual)
      try fixture.write(Self.grey, "only-expected.png", in: fixture.expected)
      try fixture.write(Self.grey, "resized.png", in: fixture.expected)
      // 16000×16000 declared, no pixels: decoding it would fail.
      try fixture.write(
        HandMadePNG.headerOnly(width: 16000, height: 16000), "resized.png", in: fixture.actual)
      let result = fixture.compare()
      #expect(result.exitCode == 1)
      let frames = Self.frames(result)
      #expect(
        frames.keys.sorted() == [
          "only-actual.png", "only-expected.png", "resized.png", "same.png", "sub/page.png",
        ])
      #expect(frames.values.map { FolderTally($0) }.count { $0 == .changed } == 2)
      #expect(FolderTally(frames["same.png"]!) == .passed)
      #expect(FolderTally(frames["only-actual.png"]!) == .new)
      #expect(FolderTally(frames["only-expected.png"]!) == .deleted)
      #expect(frames["resized.png"]!.problem == "size differs: 4×3 vs 16000×16000")
      #expect(frames["resized.png"]!.error == nil)
      let page = frames["sub/page.png"]!
      #expect(page.comparison?.differingPixels == 1)
      #expect(page.comparison?.firstDifference == PixelPoint(x: 1, y: 1))
      let diff = try #require(page.artifacts?.diff)
      #expect(diff.path.hasSuffix("artifacts/actual/sub/page.diff.png"))
      #expect(FileManager.default.fileExists(atPath: diff.path))
      #expect(FileManager.default.fileExists(atPath: try #require(page.artifacts?.strip).path))
      #expect(
        TextReport.summary(result) == "compared 5 images: 1 passed, 2 changed, 1 new, 1 deleted")
    }
  }

  @Test("16-bit and palette files compare by their pixels, whatever their encoding")
  func encodings() throws {
    try withTemporaryFolder { root in
      let fixture = try FolderFixture(root: root)
      let colours = [
        Colour(red: 10, green: 200, blue: 30), Colour(red: 255, green: 255, blue: 255),
        Colour(red: 0, green: 0, blue: 0), Colour(red: 90, green: 60, blue: 250),
      ]
      var image = PixelImage(width: 2, height: 2, filledWith: .white)
      image.pixels = colours.map(PixelImage.premultiplied)
      try fixture.write(image, "deep.png", in: fixture.expected)
      try fixture.write(HandMadePNG.rgb16(width: 2, colours), "deep.png", in: fixture.actual)
      try fixture.write(image, "palette.png", in: fixture.expected)
      try fixture.write(
        HandMadePNG.palette(width: 2, colours, indices: [0, 1, 2, 3]), "palette.png",
        in: fixture.actual)
      try fixture.write(image, "palette-changed.png", in: fixture.expected)
      try fixture.write(
        HandMadePNG.palette(width: 2, colours, indices: [0, 1, 2, 2]), "palette-changed.png",
        in: fixture.actual)
      let frames = Self.frames(fixture.compare())
      #expect(frames["deep.png"]?.status == .passed, "\(frames["deep.png"]!)")
      #expect(frames["palette.png"]?.status == .passed, "\(frames["palette.png"]!)")
      #expect(frames["palette-changed.png"]?.comparison?.differingPixels == 1)
      #expect(frames["palette-changed.png"]?.comparison?.firstDifference == PixelPoint(x: 1, y: 1))
    }
  }

  @Test("a damaged or misnamed file is an error naming it, and the others are still compared")
  func damaged() throws {
    try withTemporaryFolder { root in
      let fixture = try FolderFixture(root: root)
      try fixture.write(Self.grey, "good.png", in: fixture.expected)
      try fixture.write(Self.changed(Self.grey, at: 0), "good.png", in: fixture.actual)
      try fixture.write(Self.grey, "cut.png", in: fixture.expected)
      try fixture.write(try PNGCodec.encode(Self.grey).prefix(60), "cut.png", in: fixture.actual)
      try fixture.write(Data("not a picture".utf8), "text.png", in: fixture.expected)
      try fixture.write(Self.grey, "text.png", in: fixture.actual)
      try fixture.write(Data(), "empty.png", in: fixture.actual)
      let result = fixture.compare()
      #expect(result.exitCode == 2)
      let frames = Self.frames(result)
      #expect(frames["good.png"]?.comparison?.differingPixels == 1)
      #expect(frames["good.png"]?.error == nil)
      let cut = try #require(frames["cut.png"]?.error)
      #expect(cut.hasPrefix("cannot read '") && cut.contains("actual/cut.png"), "\(cut)")
      #expect(frames["text.png"]?.error?.hasSuffix("expected/text.png': not a PNG file") == true)
      #expect(frames["empty.png"]?.error?.hasSuffix("actual/empty.png': the file is empty") == true)
      #expect(FolderTally(frames["empty.png"]!) == .error)
      #expect(result.scripts[0].status == .error)
    }
  }

  @Test("links, hidden files and files not named .png are skipped with a note, never followed")
  func skipped() throws {
    try withTemporaryFolder { root in
      let fixture = try FolderFixture(root: root)
      let outside = root.appendingPathComponent("outside", isDirectory: true)
      try fixture.write(Self.grey, "secret.png", in: outside)
      try fixture.write(Self.grey, "a.png", in: fixture.expected)
      try fixture.write(Self.grey, "a.png", in: fixture.actual)
      try fixture.write(Data("hello".utf8), "notes.txt", in: fixture.actual)
      try fixture.write(Self.grey, ".hidden/b.png", in: fixture.actual)
      let manager = FileManager.default
      try manager.createSymbolicLink(
        at: fixture.actual.appendingPathComponent("link.png"),
        withDestinationURL: outside.appendingPathComponent("secret.png"))
      try manager.createSymbolicLink(
        at: fixture.actual.appendingPathComponent("linked"), withDestinationURL: outside)
      let result = fixture.compare()
      #expect(result.exitCode == 0)
      #expect(result.scripts[0].frames.map(\.name) == ["a.png"])
      let notes = result.scripts[0].result?.notes ?? []
      #expect(notes.count == 3, "\(notes)")
      #expect(notes.contains { $0.hasSuffix("actual/link.png': is a symbolic link") }, "\(notes)")
      #expect(notes.contains { $0.hasSuffix("actual/linked': is a symbolic link") }, "\(notes)")
      #expect(notes.contains { $0.hasSuffix("actual/notes.txt': not named .png") }, "\(notes)")
    }
  }

  @Test("a missing folder is an error of the whole comparison, in every report")
  func missingFolder() throws {
    try withTemporaryFolder { root in
      let result = FolderComparison(
        expected: root.appendingPathComponent("nowhere"), actual: root,
        artifactsDirectory: root.appendingPathComponent("artifacts")
      ).run()
      #expect(result.exitCode == 2)
      let message = result.scripts[0].diagnostics.first?.message ?? ""
      #expect(message.hasPrefix("cannot open '") && message.hasSuffix("nowhere': no such folder"))
      #expect(TextReport.lines(for: result).first?.hasPrefix("ERROR ") == true)
      #expect(JUnitReport.xml(for: result).contains("errors=\"1\""))
    }
  }

  @Test("--update copies new and changed images over; deleted ones go only with prune")
  func update() throws {
    try withTemporaryFolder { root in
      let fixture = try FolderFixture(root: root)
      let changed = Self.changed(Self.grey, at: 2)
      try fixture.write(Self.grey, "a.png", in: fixture.expected)
      try fixture.write(changed, "a.png", in: fixture.actual)
      try fixture.write(Self.grey, "deep/new.png", in: fixture.actual)
      try fixture.write(Self.grey, "gone.png", in: fixture.expected)
      let first = fixture.compare(update: true)
      #expect(first.exitCode == 1)
      let frames = Self.frames(first)
      #expect(FolderTally(frames["a.png"]!) == .updated)
      #expect(FolderTally(frames["deep/new.png"]!) == .added)
      #expect(FolderTally(frames["gone.png"]!) == .deleted)
      #expect(
        fixture.bytes("a.png", in: fixture.expected) == fixture.bytes("a.png", in: fixture.actual))
      #expect(fixture.bytes("deep/new.png", in: fixture.expected) != nil)
      #expect(fixture.bytes("gone.png", in: fixture.expected) != nil)
      // The artifacts of an accepted image are not left behind.
      #expect(
        !FileManager.default.fileExists(
          atPath: fixture.artifacts.appendingPathComponent("actual/a.diff.png").path))
      let second = fixture.compare(update: true, prune: true)
      #expect(FolderTally(Self.frames(second)["gone.png"]!) == .removed)
      #expect(fixture.bytes("gone.png", in: fixture.expected) == nil)
      #expect(second.exitCode == 0)
      #expect(fixture.compare().exitCode == 0)
      let leftovers = try FileManager.default.contentsOfDirectory(atPath: fixture.expected.path)
      #expect(leftovers.sorted() == ["a.png", "deep"])
    }
  }

  @Test("--update never writes through a symbolic link nor outside the expected folder")
  func updateRefusesLinks() throws {
    try withTemporaryFolder { root in
      let fixture = try FolderFixture(root: root)
      let outside = root.appendingPathComponent("outside", isDirectory: true)
      let target = Data("keep me".utf8)
      try fixture.write(target, "target.png", in: outside)
      let manager = FileManager.default
      try manager.createSymbolicLink(
        at: fixture.expected.appendingPathComponent("a.png"),
        withDestinationURL: outside.appendingPathComponent("target.png"))
      try manager.createSymbolicLink(
        at: fixture.expected.appendingPathComponent("sub"), withDestinationURL: outside)
      try fixture.write(Self.grey, "a.png", in: fixture.actual)
      try fixture.write(Self.grey, "sub/b.png", in: fixture.actual)
      let result = fixture.compare(update: true)
      #expect(result.exitCode == 2)
      let frames = Self.frames(result)
      #expect(frames["a.png"]?.error?.contains("not a regular file") == true, "\(frames)")
      #expect(frames["sub/b.png"]?.error?.contains("symbolic link") == true, "\(frames)")
      #expect(fixture.bytes("target.png", in: outside) == target)
      #expect(try manager.contentsOfDirectory(atPath: outside.path) == ["target.png"])
      #expect(
        try manager.destinationOfSymbolicLink(
          atPath: fixture.expected.appendingPathComponent("a.png").path)
          == outside.appendingPathComponent("target.png").path)
    }
  }

  @Test("shards split the sorted paths of both folders, each path in exactly one")
  func shards() throws {
    try withTemporaryFolder { root in
      let fixture = try FolderFixture(root: root)
      for name in ["a", "b", "c", "d"] {
        try fixture.write(Self.grey, "\(name).png", in: fixture.expected)
      }
      for name in ["b", "c", "d", "e"] {
        try fixture.write(Self.grey, "\(name).png", in: fixture.actual)
      }
      let one = fixture.compare(shard: .init(index: 1, count: 2)).scripts[0].frames.map(\.name)
      let two = fixture.compare(shard: .init(index: 2, count: 2)).scripts[0].frames.map(\.name)
      #expect(one == ["a.png", "c.png", "e.png"])
      #expect(two == ["b.png", "d.png"])
      let all = fixture.compare(shard: .init(index: 1, count: 1)).scripts[0].frames.map(\.name)
      #expect(all == ["a.png", "b.png", "c.png", "d.png", "e.png"])
      let last = fixture.compare(shard: .init(index: 5, count: 5)).scripts[0].frames.map(\.name)
      #expect(last == ["e.png"])
    }
  }

  @Test("a budget smaller than one pair still compares every pair, one at a time")
  func smallBudget() throws {
    try withTemporaryFolder { root in
      let fixture = try FolderFixture(root: root)
      for index in 0..<6 {
        try fixture.write(Self.grey, "\(index).png", in: fixture.expected)
        try fixture.write(Self.changed(Self.grey, at: index), "\(index).png", in: fixture.actual)
      }
      let budget = PixelBudget(pixels: 1)
      let result = fixture.compare(budget: budget)
      #expect(
        result.scripts[0].frames.map { $0.comparison?.differingPixels }
          == Array(
            repeating: 1, count: 6))
      #expect(
        result.scripts[0].frames.map { $0.comparison?.firstDifference?.x } == [
          0, 1, 2, 3, 0, 1,
        ])
      #expect(budget.inUse == 0)
    }
  }

  @Test("ignored regions apply to every pair, and an image whose change lies in one passes")
  func ignored() throws {
    try withTemporaryFolder { root in
      let fixture = try FolderFixture(root: root)
      try fixture.write(Self.grey, "clock.png", in: fixture.expected)
      try fixture.write(Self.changed(Self.grey, at: 11), "clock.png", in: fixture.actual)
      let region = CircleRender.PixelRect(x: 3, y: 2, width: 1, height: 1)
      let result = fixture.compare(options: ComparisonOptions(ignoring: [region]))
      #expect(result.exitCode == 0)
      #expect(result.scripts[0].frames[0].comparison?.ignoredPixels == 1)
      let next = CircleRender.PixelRect(x: 2, y: 2, width: 1, height: 1)
      #expect(fixture.compare(options: ComparisonOptions(ignoring: [next])).exitCode == 1)
    }
  }
}
