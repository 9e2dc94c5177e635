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

  @Test("README's Package.swift line resolves on a clone of main; its versions name this one")
  func readme() throws {
    let readme = try Self.text("README.md")
    let lines = readme.matches(of: /\.package\(url: "[^"]+", ([a-z]+): "([^"]+)"\)/)
    #expect(lines.count == 1)
    for line in lines {
      #expect(String(line.output.1) == "branch" && String(line.output.2) == "main")
    }
    let versions = readme.matches(of: /from: "([0-9.]+)"/)
    #expect(!versions.isEmpty)
    for version in versions { #expect(String(version.output.1) == CommandLineTool.version) }
  }

  @Test("no target uses unsafe flags, so the package can be a versioned dependency")
  func noUnsafeFlags() throws {
    #expect(!(try Self.text("Package.swift")).contains("unsafeFlags"))
  }
}
