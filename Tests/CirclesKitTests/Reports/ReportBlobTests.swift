import CircleEngine
import CircleSnapshot
import CircleSystem
import CirclesTestSupport
import Foundation
import Testing

@testable import CirclesKit

/// A sharded check's blobs make, merged, the reports of one check of the whole suite: tested
/// over seeded random suites for every number of shards from 1 to 6, and against blobs that
/// are damaged, foreign or of different runs.
@Suite("Report blobs: shards merged into one run's reports")
struct ReportBlobTests {
  /// A suite of `count` scripts whose goldens were recorded, then changed at random: some
  /// scripts pass, some fail, some have a new frame, some stop at an error.
  static func suite(
    in folder: TemporaryFolder, count: Int, using generator: inout SeededGenerator
  ) throws -> [URL] {
    let colours = ["red", "teal", "gold", "navy"]
    var scripts: [URL] = []
    var texts: [String] = []
    for index in 0..<count {
      var text = "canvas 32x32\n"
      for line in 0..<Int.random(in: 1...3, using: &generator) {
        text +=
          "add c\(line) at \(4 + line * 8),\(4 + index % 20) r 3 fill "
          + "\(colours.randomElement(using: &generator)!)\n"
      }
      try folder.write(text, to: "s\(index).circles")
      scripts.append(folder.url.appendingPathComponent("s\(index).circles"))
      texts.append(text)
    }
    let record = CheckOptions(
      record: .all, artifactsDirectory: folder.url.appendingPathComponent(".circles-artifacts"))
    _ = try GoldenSuite.check(scripts, options: record, currentDirectory: folder.url)
    for (index, text) in texts.enumerated() {
      switch Int.random(in: 0..<4, using: &generator) {
      case 0: break
      case 1:
        try folder.write(text.replacingOccurrences(of: "r 3", with: "r 2"), to: "s\(index).circles")
      case 2: try folder.write(text + "add extra at 16,16 r 4\n", to: "s\(index).circles")
      default: try folder.write(text + "remove nowhere\n", to: "s\(index).circles")
      }
    }
    return scripts
  }

  /// A check of these scripts, as CI runs it: nothing recorded.
  static func check(_ scripts: [URL], in folder: TemporaryFolder) throws -> CheckResult {
    let options = CheckOptions(
      record: .none, artifactsDirectory: folder.url.appendingPathComponent(".circles-artifacts"))
    let checks = try GoldenSuite.check(scripts, options: options, currentDirectory: folder.url)
    return GoldenSuite.result(of: checks)
  }

  /// The result as its reports show it but for the times, which differ from run to run.
  static func untimed(_ result: CheckResult) -> CheckResult {
    var result = result
    for index in result.scripts.indices { result.scripts[index].durationSeconds = nil }
    return result
  }

  @Test("for 1…6 shards of seeded random suites, the merged reports are the whole run's")
  func mergedEqualsWhole() throws {
    var generator = SeededGenerator(seed: 36)
    for _ in 0..<3 {
      let folder = try TemporaryFolder()
      let scripts = try Self.suite(
        in: folder, count: Int.random(in: 1...9, using: &generator), using: &generator)
      let whole = Self.untimed(try Self.check(scripts, in: folder))
      for count in 1...6 {
        var blobs: [(shown: String, blob: ReportBlob)] = []
        for index in 1...count {
          let selected = CheckOptions.shard(scripts, index: index, count: count)
          let result = try Self.check(selected, in: folder)
          let blob = ReportBlob(
            result: result, title: "circles check", shard: .init(index: index, count: count),
            positions: selected.map { scripts.firstIndex(of: $0)! }, suiteSize: scripts.count,
            directory: folder.url)
          let file = folder.url.appendingPathComponent("shard-\(index).tar")
          try blob.tar().write(to: file)
          blobs.append(("shard-\(index).tar", try ReportBlob(reading: file, shownAs: "x")))
        }
        let merged = try ReportBlob.merge(blobs.shuffled(using: &generator), into: folder.url)
        let result = Self.untimed(merged.result)
        #expect(result == whole, "\(scripts.count) scripts in \(count) shards")
        #expect(result.exitCode == whole.exitCode)
        #expect(JSONReport.data(for: result) == JSONReport.data(for: whole))
        #expect(JUnitReport.xml(for: result) == JUnitReport.xml(for: whole))
        #expect(TextReport.lines(for: result) == TextReport.lines(for: whole))
        let html = HTMLReport.html(for: result) { merged.images[$0.standardizedFileURL.path] }
        #expect(html == HTMLReport.html(for: whole), "\(count) shards")
      }
    }
  }

  /// A blob of one passing script, and the folder it was made in.
  static func blob(
    shard: ReportBlob.Manifest.Shard = .init(index: 1, count: 1), suiteSize: Int = 1
  ) throws -> (ReportBlob, TemporaryFolder) {
    let folder = try TemporaryFolder()
    try folder.write("add a at 4,4 r 3\n", to: "a.circles")
    let script = folder.url.appendingPathComponent("a.circles")
    let record = CheckOptions(
      record: .all, artifactsDirectory: folder.url.appendingPathComponent(".circles-artifacts"))
    _ = try GoldenSuite.check([script], options: record, currentDirectory: folder.url)
    let result = try check([script], in: folder)
    let blob = ReportBlob(
      result: result, title: "circles check", shard: shard, positions: [shard.index - 1],
      suiteSize: suiteSize, directory: folder.url)
    return (blob, folder)
  }

  /// The files of a tar made in memory, read back as a blob's are: from a file.
  static func entries(of tar: Data) throws -> [(name: String, data: Data)] {
    let folder = try TemporaryFolder()
    let file = folder.url.appendingPathComponent("listed.tar")
    try tar.write(to: file)
    let handle = try FileHandle(forReadingFrom: file)
    defer { try? handle.close() }
    return try TarArchive.files(descriptor: handle.fileDescriptor, limit: 1 << 30)
  }

  /// The error reading these bytes as a blob gives.
  static func refusal(_ bytes: Data, in folder: TemporaryFolder) -> String? {
    let file = folder.url.appendingPathComponent("given.tar")
    do {
      try bytes.write(to: file)
      _ = try ReportBlob(reading: file, shownAs: "given.tar")
      return nil
    } catch {
      return "\(error)"
    }
  }

  @Test("damaged and foreign blobs are refused, each naming the blob")
  func hostileBlobs() throws {
    let (blob, folder) = try Self.blob()
    let tar = try blob.tar()
    #expect(Self.refusal(tar, in: folder) == nil)
    #expect(
      Self.refusal(tar.prefix(tar.count / 2), in: folder)?.hasPrefix(
        "'given.tar' is not a blob of circles check: ") == true)
    #expect(
      Self.refusal(Data("not a tar at all".utf8), in: folder)?.hasPrefix(
        "'given.tar' is not a blob of circles check: ") == true)
    let files = try Self.entries(of: tar)
    #expect(files.map(\.name).prefix(2) == [ReportBlob.durationsName, ReportBlob.manifestName])
    let manifest = files[1]
    let others = files.filter { $0.name != ReportBlob.manifestName }
    let image = try #require(files.first { $0.name.hasPrefix("images/") })
    // An image replaced by another kind of file.
    let gif = try TarArchive.tar(
      files.map { $0.name == image.name ? ($0.name, Data("GIF89a".utf8)) : $0 })
    #expect(
      Self.refusal(gif, in: folder) == "'given.tar' holds '\(image.name)', which is not a PNG image"
    )
    // A name with '..' the manifest does not list: refused, and nothing is ever extracted.
    let climbing = try TarArchive.tar(files + [("../../escape.png", image.data)])
    #expect(
      Self.refusal(climbing, in: folder)
        == "'given.tar' holds '../../escape.png', which its circles-blob.json does not list")
    #expect(
      !FileManager.default.fileExists(
        atPath: folder.url.deletingLastPathComponent().deletingLastPathComponent()
          .appendingPathComponent("escape.png").path))
    // No manifest, or one of another version.
    #expect(
      Self.refusal(try TarArchive.tar(others), in: folder)
        == "'given.tar' is not a blob of circles check: it has no circles-blob.json")
    let older = String(decoding: manifest.data, as: UTF8.self).replacingOccurrences(
      of: "\"circlesVersion\":\"\(CommandLineTool.version)\"", with: "\"circlesVersion\":\"0.1.0\"")
    #expect(
      Self.refusal(
        try TarArchive.tar([(manifest.name, Data(older.utf8))] + others), in: folder)
        == "'given.tar' was written by circles 0.1.0; this is circles \(CommandLineTool.version): merge blobs with the version that wrote them"
    )
    // A run of another name, escape bytes and all, is no blob of circles.
    let renamed = String(decoding: manifest.data, as: UTF8.self).replacingOccurrences(
      of: "\"title\":\"circles check\"", with: "\"title\":\"x\\u001b[2J\"")
    #expect(
      Self.refusal(
        try TarArchive.tar([(manifest.name, Data(renamed.utf8))] + others), in: folder)
        == "'given.tar' is not a blob of circles check: it names its run 'x\u{241b}[2J'")
    // The times alone are read of a blob, whatever else it holds.
    let file = folder.url.appendingPathComponent("times.tar")
    try tar.write(to: file)
    #expect(
      try ReportBlob.durations(reading: file, shownAs: "times.tar").keys.sorted() == ["a.circles"])
  }

  @Test("a link inside the archive is refused, never followed")
  func links() throws {
    let (blob, folder) = try Self.blob()
    let staging = folder.url.appendingPathComponent("staging")
    try FileManager.default.createDirectory(
      at: staging.appendingPathComponent("images"), withIntermediateDirectories: true)
    for (name, data) in try Self.entries(of: try blob.tar()) {
      try data.write(to: staging.appendingPathComponent(name))
    }
    try FileManager.default.removeItem(at: staging.appendingPathComponent("images/0.png"))
    try FileManager.default.createSymbolicLink(
      atPath: staging.appendingPathComponent("images/0.png").path,
      withDestinationPath: "/etc/passwd")
    let tar = Process()
    tar.executableURL = URL(fileURLWithPath: "/bin/tar")
    tar.currentDirectoryURL = staging
    tar.arguments = ["cf", "../linked.tar", "circles-blob.json", "images/0.png"]
    try tar.run()
    tar.waitUntilExit()
    let refusal = Self.refusal(
      try Data(contentsOf: folder.url.appendingPathComponent("linked.tar")), in: folder)
    #expect(
      refusal == "'given.tar' is not a blob of circles check: 'images/0.png' is not a regular file")
  }

  @Test("blobs of different runs are refused, each with the reason")
  func mismatched() throws {
    func merging(_ blobs: [(String, ReportBlob)]) -> String? {
      do {
        _ = try ReportBlob.merge(
          blobs.map { (shown: $0.0, blob: $0.1) }, into: URL(fileURLWithPath: "/"))
        return nil
      } catch {
        return error.description
      }
    }
    let one = try Self.blob(shard: .init(index: 1, count: 2), suiteSize: 2).0
    let two = try Self.blob(shard: .init(index: 2, count: 2), suiteSize: 2).0
    let ofThree = try Self.blob(shard: .init(index: 2, count: 3), suiteSize: 2).0
    #expect(merging([("a.tar", one), ("b.tar", two)]) == nil)
    #expect(merging([("a.tar", one)]) == "shard 2 of 2 is missing: give every shard's blob")
    #expect(
      merging([("a.tar", one), ("b.tar", one)]) == "'a.tar' and 'b.tar' are both shard 1 of 2")
    #expect(
      merging([("a.tar", one), ("c.tar", ofThree)])
        == "'c.tar' is shard 2 of 3, but 'a.tar' is shard 1 of 2: the blobs of one run have the same number of shards"
    )
    let bigger = try Self.blob(shard: .init(index: 2, count: 2), suiteSize: 10_000).0
    #expect(
      merging([("a.tar", one), ("d.tar", bigger)])
        == "'d.tar' comes from a suite of 10000 scripts, 'a.tar' from one of 2: blobs of different runs"
    )
    // A blob claiming a suite of 10,000 scripts while holding one.
    let claiming = try Self.blob(shard: .init(index: 1, count: 1), suiteSize: 10_000).0
    #expect(
      merging([("e.tar", claiming)])
        == "script 2 of the suite's 10000 is in no blob: blobs of different runs")
  }
}
