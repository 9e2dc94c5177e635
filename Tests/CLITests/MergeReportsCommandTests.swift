import CirclesTestSupport
import Foundation
import Testing

/// `circles merge-reports` as a user runs it: shards merged into the whole run's output and
/// exit code, the merged blob read back as times, and blobs refused with nothing written.
@Suite("circles merge-reports, end to end")
struct MergeReportsCommandTests {
  /// Three scripts whose goldens were recorded; `b` changed since, `c` broken.
  static func suite() async throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    for name in ["a", "b", "c"] {
      try folder.write("add \(name) at 5,5 r 3 fill teal\n", to: "\(name).circles")
    }
    let recorded = try await Executable.run(["check", ".", "--record"], in: folder.url)
    try #require(recorded.status == 0, "\(recorded)")
    try folder.write("add b at 5,5 r 3 fill gold\n", to: "b.circles")
    try folder.write("add c at 5,5 r 3 fill teal\nremove d\n", to: "c.circles")
    return folder
  }

  @Test("two shards merged print what one check prints, with its exit code")
  func merged() async throws {
    let folder = try await Self.suite()
    let whole = try await Executable.run(["check", "."], in: folder.url)
    #expect(whole.status == 2, "\(whole)")
    for index in 1...2 {
      _ = try await Executable.run(
        ["check", ".", "--shard", "\(index)/2", "--blob", "s\(index).tar"], in: folder.url)
    }
    let merged = try await Executable.run(
      ["merge-reports", "s2.tar", "s1.tar", "--blob", "all.tar", "--junit", "j.xml"],
      in: folder.url)
    #expect(merged.status == whole.status)
    #expect(merged.stdout == whole.stdout + "junit: j.xml\nblob: all.tar\n", "\(merged)")
    // The merged blob is a run of its own, whose times balance the next shards.
    let again = try await Executable.run(["merge-reports", "all.tar"], in: folder.url)
    #expect(again.stdout == whole.stdout, "\(again)")
    let balanced = try await Executable.run(
      ["check", ".", "--shard", "1/2", "--durations", "all.tar"], in: folder.url)
    #expect(!balanced.stderr.contains("note: no times"), "\(balanced)")
  }

  @Test("a damaged golden is an error of the merged run as of the whole one, not of the blob")
  func damagedGolden() async throws {
    let folder = try await Self.suite()
    try folder.write("not a png", to: "__snapshots__/a/0001-add-a.png")
    let whole = try await Executable.run(["check", ".", "--report", "whole.html"], in: folder.url)
    for index in 1...2 {
      _ = try await Executable.run(
        ["check", ".", "--shard", "\(index)/2", "--blob", "s\(index).tar"], in: folder.url)
    }
    let merged = try await Executable.run(
      ["merge-reports", "s1.tar", "s2.tar", "--report", "merged.html"], in: folder.url)
    #expect(merged.status == whole.status && whole.status == 2, "\(merged)")
    #expect(merged.stderr == "", "\(merged)")
    #expect(
      merged.stdout.replacingOccurrences(of: "merged.html", with: "whole.html") == whole.stdout)
    #expect(try folder.read("merged.html") == folder.read("whole.html"))
  }

  @Test("a refused blob writes nothing, and says why; no blob at all is a usage error")
  func refused() async throws {
    let folder = try await Self.suite()
    _ = try await Executable.run(
      ["check", ".", "--shard", "1/2", "--blob", "s1.tar"], in: folder.url)
    try folder.write("not a tar at all", to: "fake.tar")
    let before = folder.allFiles(in: ".")
    for (arguments, message) in [
      (["s1.tar"], "shard 2 of 2 is missing: give every shard's blob"),
      (
        ["s1.tar", "fake.tar"],
        "'fake.tar' is not a blob of circles check: unrecognized archive format"
      ),
      (["s1.tar", "s1.tar"], "'s1.tar' and 's1.tar' are both shard 1 of 2"),
      (["nowhere.tar"], "cannot read the blob 'nowhere.tar': no such file or folder"),
    ] {
      let outcome = try await Executable.run(
        ["merge-reports"] + arguments + [
          "--report", "r.html", "--junit", "j.xml", "--blob", "m.tar",
        ],
        in: folder.url)
      #expect(outcome.status == 2, "\(outcome)")
      #expect(outcome.stdout == "")
      #expect(outcome.stderr == "circles: error: \(message)\n", "\(outcome)")
      #expect(folder.allFiles(in: ".") == before)
    }
    let none = try await Executable.run(["merge-reports"], in: folder.url)
    #expect(none.status == 2)
    #expect(
      none.stderr.hasPrefix("circles: error: merge-reports needs the blobs of every shard\n"),
      "\(none)")
  }
}
