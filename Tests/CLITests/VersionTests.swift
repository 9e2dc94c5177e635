import CirclesKit
import CirclesTestSupport
import Foundation
import Testing

/// One version, written once (`CommandLineTool.version`), and every place that names it.
@Suite("the version: one, named alike everywhere")
struct VersionTests {
  static func text(_ path: String) throws -> String {
    try String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
  }

  @Test("CHANGELOG.md's top entry is the version circles --version prints")
  func changelog() async throws {
    let top = try #require(try Self.text("CHANGELOG.md").firstMatch(of: #/\n## \[([^\]]+)\] - /#))
    #expect(String(top.output.1) == CommandLineTool.version)
    let folder = try TemporaryFolder()
    let outcome = try await Executable.run(["--version"], in: folder.url)
    #expect(outcome.stdout == "circles \(CommandLineTool.version)\n")
  }

  @Test("README's Package.swift lines ask for that version")
  func readme() throws {
    let readme = try Self.text("README.md")
    let lines = readme.matches(of: /\.package\(url: "[^"]+", from: "([^"]+)"\)/)
    #expect(!lines.isEmpty)
    for line in lines { #expect(String(line.output.1) == CommandLineTool.version) }
  }
}
