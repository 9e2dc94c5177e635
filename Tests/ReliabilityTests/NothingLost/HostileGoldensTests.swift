import CircleRender
import CirclesTestSupport
import Foundation
import Testing

/// `circles check` in a workspace of user files with goldens from a stranger: names holding
/// escape bytes, a golden declaring a 16384×16384 image, goldens that are links to user files or
/// FIFOs, golden folders that are links to elsewhere. Every user file is byte-identical
/// afterwards, nothing is written outside the artifacts and golden folders, and no byte of a
/// file's text reaches the terminal raw.
@Suite("A hostile workspace: what circles check leaves")
struct HostileGoldensTests {
  /// Every regular file and link below `folder`, by relative path, with its bytes (a link's
  /// target for a link).
  static func tree(_ folder: URL) throws -> [String: Data] {
    var files: [String: Data] = [:]
    let manager = FileManager.default
    guard let walker = manager.enumerator(atPath: folder.path) else { return files }
    while let path = walker.nextObject() as? String {
      let url = folder.appendingPathComponent(path)
      let attributes = try manager.attributesOfItem(atPath: url.path)
      switch attributes[.type] as? FileAttributeType {
      case .typeSymbolicLink?:
        files[path] = Data(try manager.destinationOfSymbolicLink(atPath: url.path).utf8)
      case .typeRegular?:
        files[path] = try Data(contentsOf: url)
      default:
        files[path] = Data("(\(String(describing: attributes[.type])))".utf8)
      }
    }
    return files
  }

  @Test("user files stay byte-identical; only the artifacts and golden folders change")
  func hostileWorkspace() async throws {
    let workspace = try TemporaryFolder()
    let outside = try TemporaryFolder()
    let scene =
      "canvas 40x30\nadd a at 10,10 r 5\nadd b at 25,12 r 6 fill red\nadd c at 30,20 r 4\n"
    try workspace.write(scene, to: "scene.circles")
    try workspace.write(scene, to: "linked.circles")
    try workspace.write(scene, to: "sub/other.circles")
    #expect(
      try await Executable.run(["check", "scene.circles", "--record"], in: workspace.url).status
        == 0)
    // The user's own files, some named like frames and goldens.
    try workspace.write("my notes", to: "notes.txt")
    try workspace.write("not a frame", to: "0042-holiday.png")
    try outside.write("precious", to: "0000-start.png")
    try outside.write("precious too", to: "keep.txt")
    // Hostile goldens.
    let goldens = workspace.url.appendingPathComponent("__snapshots__/scene")
    try LargePNG.blank(side: 16384).write(to: goldens.appendingPathComponent("0001-add-a.png"))
    try FileManager.default.removeItem(at: goldens.appendingPathComponent("0002-add-b.png"))
    try FileManager.default.createSymbolicLink(
      at: goldens.appendingPathComponent("0002-add-b.png"),
      withDestinationURL: workspace.url.appendingPathComponent("notes.txt"))
    try #require(mkfifo(goldens.appendingPathComponent("0007-fifo.png").path, 0o644) == 0)
    try workspace.write("", to: "__snapshots__/scene/evil\u{1B}]0;owned\u{07}\n.png")
    try FileManager.default.createSymbolicLink(
      at: workspace.url.appendingPathComponent("__snapshots__/linked"),
      withDestinationURL: outside.url)
    try FileManager.default.createSymbolicLink(
      at: workspace.url.appendingPathComponent("sub/__snapshots__"), withDestinationURL: outside.url
    )
    let userFiles = [
      "notes.txt", "0042-holiday.png", "scene.circles", "linked.circles", "sub/other.circles",
    ]
    let before = try Self.tree(workspace.url)
    let outsideBefore = try Self.tree(outside.url)

    let runs = [
      ["check", "."], ["check", ".", "--json", "--report", "report.html"],
      ["check", ".", "--record"], ["check", ".", "--update"], ["check", ".", "--prune"],
    ]
    for arguments in runs {
      let outcome = try await Executable.run(arguments, in: workspace.url)
      #expect(outcome.status == 2, "the linked golden folders are errors: \(outcome)")
      #expect(!outcome.stderr.contains("Fatal error"), "\(outcome)")
      #expect(
        outcome.stderr.contains("goldens of 'linked.circles': cannot open '"), "\(outcome)")
      #expect(outcome.stderr.contains("is a symbolic link"), "\(outcome)")
      for byte in Array(outcome.stdout.utf8) + Array(outcome.stderr.utf8) {
        #expect(byte >= 0x20 || byte == 0x0A, "byte \(byte) reached the terminal: \(outcome)")
      }
      if arguments == ["check", "."] {
        #expect(outcome.stdout.contains("sizes differ: golden 16384x16384, actual 40x30"))
        #expect(
          outcome.stdout.contains(
            "cannot read golden '__snapshots__/scene/0002-add-b.png': is a symbolic link"),
          "\(outcome)")
        #expect(outcome.stdout.contains("  orphan  evil␛]0;owned␇␊: "), "\(outcome)")
      }
    }
    // The user's files, here and outside, are as they were.
    let after = try Self.tree(workspace.url)
    for path in userFiles { #expect(after[path] == before[path], "\(path) changed") }
    #expect(try Self.tree(outside.url) == outsideBefore, "something was written through a link")
    // Whatever changed is in the artifacts folder, the script's golden folder and history, or
    // the report asked for.
    for (path, data) in after where before[path] != data {
      let allowed =
        path.hasPrefix(".circles-artifacts/") || path.hasPrefix("__snapshots__/scene/")
        || path == "__snapshots__/scene.history" || path == "report.html"
        || path == ".circles-artifacts"
      #expect(allowed, "\(path) was written")
    }
    for path in before.keys where after[path] == nil {
      #expect(path.hasPrefix("__snapshots__/scene/"), "\(path) was removed")
    }
    // The link to the user's notes was replaced by a golden, never written through.
    let replaced = goldens.appendingPathComponent("0002-add-b.png")
    #expect(try PNGCodec.decode(Data(contentsOf: replaced)).width == 40)
  }
}
