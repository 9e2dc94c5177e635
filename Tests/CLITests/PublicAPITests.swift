import CirclesTestSupport
import Foundation
import Testing

/// The public API is what api/public-api.txt lists, so that a change of it is seen in review
/// (SwiftPM's `diagnose-api-breaking-changes`, which `scripts/check-api` runs, does not see a
/// public declaration made `package`).
@Suite("The public API is the one written down")
struct PublicAPITests {
  @Test("every public declaration of the library products is in api/public-api.txt, and no other")
  func listed() async throws {
    let script = repositoryRoot.appendingPathComponent("scripts/check-api")
    let outcome = try await Program(url: script).run(["--list"], in: repositoryRoot)
    try #require(outcome.status == 0, "\(outcome)")
    let written = try String(
      contentsOf: repositoryRoot.appendingPathComponent("api/public-api.txt"), encoding: .utf8)
    let now = Set(outcome.stdout.split(separator: "\n"))
    let listed = Set(written.split(separator: "\n"))
    let added = now.subtracting(listed).sorted()
    let removed = listed.subtracting(now).sorted()
    #expect(
      added.isEmpty && removed.isEmpty,
      """
      the public API changed; if that is meant, run scripts/check-api --list > api/public-api.txt
      (and list the breaks it makes in api/breakage-allowlist.txt)
      made public: \(added.joined(separator: "\n  "))
      no longer public: \(removed.joined(separator: "\n  "))
      """)
    // The list is the sources' count: not an empty file that anything matches.
    #expect(listed.count > 100)
  }

  @Test(
    "the targets that are no product declare nothing public",
    arguments: ["CircleEngine", "CircleSystem"])
  func noPublicOutsideProducts(target: String) throws {
    let folder = repositoryRoot.appendingPathComponent("Sources/\(target)")
    let files = try #require(FileManager.default.enumerator(atPath: folder.path))
      .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
    #expect(!files.isEmpty)
    let publicLine = try Regex(#"^\s*(@\w+(\([^)]*\))?\s+)*(public|open)\s"#)
    var found: [String] = []
    for file in files {
      let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      for line in text.split(separator: "\n") where line.contains(publicLine) {
        found.append("\(file): \(line)")
      }
    }
    #expect(found.isEmpty, "public in \(target), which is no product: \(found)")
  }
}
