import CirclesTestSupport
import Foundation
import Testing

/// Every command `circles check` suggests, harvested from its output after the edits users make,
/// on their machine and in CI: each runs without error on the folder it was suggested for, and a
/// check in CI passes afterwards.
@Suite("Every suggested command works")
struct SuggestedCommandTests {
  static let base = [
    "canvas 40x30", "add sun at 8,8 r 5 fill gold", "add hill at 20,30 r 12 fill green",
    "move sun by 4,0", "add moon at 32,6 r 3 fill grey", "render final.png",
  ]

  struct Edit: CustomTestStringConvertible, Sendable {
    var name: String
    var lines: [String]
    /// A change to the golden folder itself, by name, and the bytes written there.
    var golden: (name: String, bytes: Data)?
    var testDescription: String { name }
  }

  static let edits: [Edit] = [
    Edit(name: "a visible step inserted", lines: insert("add star at 4,26 r 2 fill red", at: 2)),
    Edit(
      name: "an invisible step inserted", lines: insert("add ghost at 1,1 r 1 opacity 0", at: 1)),
    Edit(name: "a visible step deleted", lines: delete(2)),
    Edit(name: "the last change deleted", lines: delete(4)),
    Edit(name: "a colour changed", lines: replace(2, "add hill at 20,30 r 12 fill olive")),
    Edit(
      name: "a circle renamed",
      lines: base.map { $0.replacingOccurrences(of: "sun", with: "star") }),
    Edit(name: "two steps swapped", lines: swap(2, 3)),
    Edit(name: "the render target renamed", lines: replace(5, "render last.png")),
    Edit(name: "the render target gone", lines: delete(5)),
    Edit(name: "a damaged golden", lines: base, golden: ("0002-add-hill.png", Data("no".utf8))),
    Edit(
      name: "a golden deleted by hand", lines: base, golden: ("0001-add-sun.png", Data())),
  ]

  static func insert(_ line: String, at index: Int) -> [String] {
    var lines = base
    lines.insert(line, at: index)
    return lines
  }

  static func delete(_ index: Int) -> [String] {
    var lines = base
    lines.remove(at: index)
    return lines
  }

  static func replace(_ index: Int, _ line: String) -> [String] {
    var lines = base
    lines[index] = line
    return lines
  }

  static func swap(_ one: Int, _ two: Int) -> [String] {
    var lines = base
    lines.swapAt(one, two)
    return lines
  }

  /// The command a report suggests, as words after `circles`.
  static func suggestion(in output: String) -> [String]? {
    guard let line = output.split(separator: "\n").first(where: { $0.contains(": circles ") })
    else { return nil }
    let command = line[line.range(of: ": circles ")!.upperBound...]
    return command.split(separator: " ").map(String.init)
  }

  @Test("each suggestion runs, and CI passes after it", arguments: edits)
  func suggestionsWork(edit: Edit) async throws {
    let folder = try TemporaryFolder()
    try folder.write(Self.base.joined(separator: "\n") + "\n", to: "scene.circles")
    let recorded = try await Executable.run(["check", "scene.circles", "--record"], in: folder.url)
    #expect(recorded.status == 0, "\(recorded)")
    try folder.write(edit.lines.joined(separator: "\n") + "\n", to: "scene.circles")
    if let (name, bytes) = edit.golden {
      let url = folder.url.appendingPathComponent("__snapshots__/scene/\(name)")
      if bytes.isEmpty {
        try FileManager.default.removeItem(at: url)
      } else {
        try bytes.write(to: url)
      }
    }
    var harvested = 0
    for ci in [true, false] {
      // Each in a copy of the folder as the check left it: the suggestion is for that folder.
      let copy = try TemporaryFolder()
      try FileManager.default.removeItem(at: copy.url)
      try FileManager.default.copyItem(at: folder.url, to: copy.url)
      let environment = ci ? [:] : ["CI": ""]
      let checked = try await Executable.run(
        ["check", "scene.circles"], in: copy.url, environment: environment)
      #expect(checked.status != 2 || edit.golden?.bytes.isEmpty == false, "\(checked)")
      guard let words = Self.suggestion(in: checked.stdout) else { continue }
      harvested += 1
      #expect(words.first == "check", "\(words)")
      if ci { #expect(checked.stdout.contains("run locally and commit what it writes: circles ")) }
      let followed = try await Executable.run(words, in: copy.url, environment: ["CI": ""])
      #expect(followed.status != 2, "\(edit.name): \(words): \(followed)")
      let after = try await Executable.run(["check", "scene.circles"], in: copy.url)
      #expect(after.status == 0, "\(edit.name): after \(words): \(after)")
    }
    #expect(harvested > 0, "\(edit.name): no command was suggested")
  }
}
