import CircleRender
import CirclesTestSupport
import Foundation
import Testing

/// Files that `circles` writes again are replaced by a rename, never rewritten in place: a hard
/// link to the old file keeps the old bytes whole, and the new file is a new inode.
///
/// A file rewritten in place would show its new (or half-written) bytes through the old link.
@Suite("Files are replaced whole")
struct ReplacedFileTests {
  /// A script whose every frame changes when `colour` does.
  static func script(_ colour: String, render: Bool = false) -> String {
    """
    canvas 40x30 background \(colour)
    add a at 10,10 r 8 fill \(colour)
    add b at 25,15 r 6 stroke \(colour) width 2
    clear
    undo
    \(render ? "render pictures/last.png" : "")

    """
  }

  /// Hard-links every file of `folder` (but `circles run`'s manifest and lock file) into a new
  /// folder; returns the links' folder and bytes.
  static func keepLinks(
    of folder: URL, leavingOut left: Set<String> = TemporaryFolder.bookkeeping
  ) throws -> (URL, [String: (Data, UInt64)]) {
    let links = folder.deletingLastPathComponent().appendingPathComponent(
      "links-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: links, withIntermediateDirectories: true)
    var kept: [String: (Data, UInt64)] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
      let file = folder.appendingPathComponent(name)
      var isFolder: ObjCBool = false
      _ = FileManager.default.fileExists(atPath: file.path, isDirectory: &isFolder)
      if isFolder.boolValue || left.contains(name) { continue }
      try FileManager.default.linkItem(at: file, to: links.appendingPathComponent(name))
      kept[name] = (try Data(contentsOf: file), try inode(of: file))
    }
    return (links, kept)
  }

  static func inode(of url: URL) throws -> UInt64 {
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    return (attributes[.systemFileNumber] as? NSNumber)?.uint64Value ?? 0
  }

  /// Checks that each kept link still holds its old bytes and the live file is a new inode.
  static func expectReplaced(
    _ folder: URL, links: URL, kept: [String: (Data, UInt64)], decode: Bool
  ) throws {
    #expect(!kept.isEmpty)
    for (name, (bytes, inode)) in kept {
      let link = links.appendingPathComponent(name)
      let live = folder.appendingPathComponent(name)
      #expect(try Data(contentsOf: link) == bytes, "\(name) changed in place")
      #expect(try Self.inode(of: live) != inode, "\(name) was rewritten in place")
      if decode {
        // Frames and goldens show other colours now; reports may read the same.
        #expect(try Data(contentsOf: live) != bytes, "\(name) was not written again")
        _ = try PNGCodec.decode(try Data(contentsOf: live))
      }
    }
    let hidden = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasPrefix(".") && !TemporaryFolder.bookkeeping.contains($0) }
    #expect(hidden.isEmpty, "temporary files left behind: \(hidden)")
  }

  @Test("circles run replaces frames, render files and its manifest by renaming")
  func runReplacesFrames() async throws {
    let folder = try TemporaryFolder()
    try folder.write(Self.script("red", render: true), to: "scene.circles")
    #expect(
      try await Executable.run(["run", "scene.circles", "-o", "out"], in: folder.url).status == 0)
    let out = folder.url.appendingPathComponent("out")
    let (links, kept) = try Self.keepLinks(of: out)
    #expect(kept.count == 5)
    let (manifestLink, manifestKept) = try Self.keepLinks(of: out, leavingOut: [".circles-lock"])
    let manifest = try #require(manifestKept[".circles-frames"])
    let pictures = out.appendingPathComponent("pictures")
    let (renderLinks, renderKept) = try Self.keepLinks(of: pictures)
    #expect(renderKept.count == 1)
    try folder.write(Self.script("blue", render: true), to: "scene.circles")
    #expect(
      try await Executable.run(["run", "scene.circles", "-o", "out"], in: folder.url).status == 0)
    try Self.expectReplaced(out, links: links, kept: kept, decode: true)
    try Self.expectReplaced(pictures, links: renderLinks, kept: renderKept, decode: true)
    try Self.expectReplaced(
      out, links: manifestLink, kept: [".circles-frames": manifest], decode: false)
  }

  @Test("check --record all replaces goldens by renaming")
  func recordReplacesGoldens() async throws {
    let folder = try TemporaryFolder()
    try folder.write(Self.script("red"), to: "scene.circles")
    let record = try await Executable.run(
      ["check", "scene.circles", "--record", "all"], in: folder.url)
    #expect(record.status == 0, "\(record)")
    let goldens = folder.url.appendingPathComponent("__snapshots__/scene")
    let (links, kept) = try Self.keepLinks(of: goldens)
    #expect(kept.count == 5)
    try folder.write(Self.script("blue"), to: "scene.circles")
    let again = try await Executable.run(
      ["check", "scene.circles", "--record", "all"], in: folder.url)
    #expect(again.status == 0, "\(again)")
    try Self.expectReplaced(goldens, links: links, kept: kept, decode: true)
  }

  @Test("check replaces its HTML, JUnit reports and failure artifacts by renaming")
  func reportsAreReplaced() async throws {
    let folder = try TemporaryFolder()
    try folder.write(Self.script("red"), to: "scene.circles")
    _ = try await Executable.run(["check", "scene.circles", "--record", "all"], in: folder.url)
    let arguments = [
      "check", "scene.circles", "--report", "reports/check.html", "--junit", "reports/junit.xml",
      "--artifacts", "artifacts",
    ]
    try folder.write(Self.script("blue"), to: "scene.circles")
    #expect(try await Executable.run(arguments, in: folder.url).status == 1)
    let reports = folder.url.appendingPathComponent("reports")
    let (links, kept) = try Self.keepLinks(of: reports)
    #expect(Set(kept.keys) == ["check.html", "junit.xml"])
    try folder.write(Self.script("green"), to: "scene.circles")
    #expect(try await Executable.run(arguments, in: folder.url).status == 1)
    try Self.expectReplaced(reports, links: links, kept: kept, decode: false)
  }
}
