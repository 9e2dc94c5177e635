import CircleSnapshot
import Foundation
import Testing

@testable import CircleSnapshotTesting

@Suite("assertSnapshot of a script checks every frame of its history")
struct AssertScriptSnapshotTests {
  static let script = """
    canvas 24x24
    add sun at 12,12 radius 6 fill orange
    move sun by 2,0
    undo
    """

  static func verifier(_ mode: RecordMode, in folder: URL) -> SnapshotVerifier {
    SnapshotVerifier(
      record: mode, snapshotDirectory: folder.appendingPathComponent("goldens"),
      artifactsDirectory: folder.appendingPathComponent("artifacts"), environment: [:])
  }

  @Test("every frame is missing, then recorded under the frame names, then all pass")
  func recordThenPass() throws {
    try withTemporaryFolder { folder in
      let testFile = folder.appendingPathComponent("ScriptTests.swift").path
      let missing = try #require(
        Self.verifier(.none, in: folder).verify(
          script: Self.script, named: "sunrise", testFile: testFile))
      let lines = missing.split(separator: "\n").map(String.init)
      #expect(lines.first == "script 'sunrise', 4 frames: 4 failed")
      #expect(lines.last == "to record it: pass record: .missing, or set CIRCLES_RECORD=missing")
      #expect(
        lines.contains {
          $0.hasPrefix("\(testFile):")
            && $0.contains(
              ": error: script line 4: no golden for snapshot '0003-undo-move-sun' at ")
        }, "\(missing)")
      let recorded = try #require(
        Self.verifier(.missing, in: folder).verify(
          script: Self.script, named: "sunrise", testFile: testFile))
      #expect(recorded.hasPrefix("script 'sunrise', 4 frames: 4 recorded"))
      let goldens = folder.appendingPathComponent("goldens/sunrise")
      #expect(
        AssertSnapshotNamingTests.files(in: goldens) == [
          "0000-start.png", "0001-add-sun.png", "0002-move-sun.png", "0003-undo-move-sun.png",
        ])
      #expect(
        Self.verifier(.none, in: folder).verify(
          script: Self.script, named: "sunrise", testFile: testFile) == nil)

      let changed = Self.script.replacingOccurrences(of: "by 2,0", with: "by 3,0")
      let failed = try #require(
        Self.verifier(.none, in: folder).verify(
          script: changed, named: "sunrise", testFile: testFile))
      #expect(failed.hasPrefix("script 'sunrise', 4 frames: 1 failed\n"))
      #expect(failed.contains("snapshot '0002-move-sun' does not match its golden: "))
      #expect(failed.hasSuffix("to record it: pass record: .failed, or set CIRCLES_RECORD=failed"))
    }
  }

  @Test("a failed expect is reported, and the frames before it are checked")
  func failedExpect() throws {
    try withTemporaryFolder { folder in
      let message = try #require(
        Self.verifier(.none, in: folder).verify(
          script: "canvas 24x24\nadd a at 1,1 r 1\nexpect count 2\n", named: "count",
          testFile: "/x/T.swift", line: 42, column: 5))
      let lines = message.split(separator: "\n").map(String.init)
      #expect(
        Array(lines.prefix(4)) == [
          "/x/T.swift:42:5: error: script line 3, column 1: expected 2 circles, found 1",
          "expect count 2",
          "^~~~~~~~~~~~~~",
          "script 'count', 2 frames: 2 failed",
        ])
      #expect(
        lines[4].hasPrefix(
          "/x/T.swift:42:5: error: script line 1: no golden for snapshot '0000-start' at "))
    }
  }

  @Test("an error in the script is reported in the compiler format")
  func scriptError() throws {
    try withTemporaryFolder { folder in
      let message = Self.verifier(.missing, in: folder).verify(
        script: "canvas 24x24\nrepeat 2 {\n  remove moon\n}\n", named: "broken",
        testFile: "/x/T.swift", line: 42, column: 5)
      #expect(
        message == """
          /x/T.swift:42:5: error: script line 3, column 10: no circle named 'moon'
            remove moon
                   ^~~~
          /x/T.swift:42:5: note: script line 2, column 1: in iteration 1 of this repeat
          """)
      // As with circles check, a script that stops with an error records nothing.
      #expect(
        !FileManager.default.fileExists(atPath: folder.appendingPathComponent("goldens").path))
    }
  }

  @Test("a script with procedures is recorded, then passes; an error inside one names the calls")
  func procedures() throws {
    try withTemporaryFolder { folder in
      let script = """
        canvas 24x24
        def dots(n) {
          add d{n} at (n * 4),12 r 2
          if n > 1 {
            dots(n - 1)
          }
        }
        dots(3)
        """
      let recorded = try #require(
        Self.verifier(.missing, in: folder).verify(
          script: script, named: "dots", testFile: "/x/T.swift"))
      #expect(recorded.hasPrefix("script 'dots', 4 frames: 4 recorded"))
      #expect(
        AssertSnapshotNamingTests.files(in: folder.appendingPathComponent("goldens/dots")) == [
          "0000-start.png", "0001-add-d3.png", "0002-add-d2.png", "0003-add-d1.png",
        ])
      #expect(
        Self.verifier(.none, in: folder).verify(
          script: script, named: "dots", testFile: "/x/T.swift")
          == nil)
      let message = Self.verifier(.none, in: folder).verify(
        script: script.replacingOccurrences(of: "dots(3)", with: "dots(3)\ndots(1)"), named: "dots",
        testFile: "/x/T.swift", line: 7, column: 3)
      #expect(
        message == """
          /x/T.swift:7:3: error: script line 3, column 7: a circle named 'd1' already exists
            add d{n} at (n * 4),12 r 2
                ^~~~
          /x/T.swift:7:3: note: script line 3, column 7: 'd1' is added here
          /x/T.swift:7:3: note: script line 9, column 1: in this call of 'dots'
          """)
    }
  }

  @Test("a syntax error runs nothing and records nothing")
  func syntaxError() throws {
    try withTemporaryFolder { folder in
      let message = Self.verifier(.missing, in: folder).verify(
        script: "add at 1,1 radius\n", named: "bad", testFile: "/x/T.swift", line: 7, column: 3)
      #expect(
        message == """
          /x/T.swift:7:3: error: script line 1, column 18: expected a radius after 'radius'
          add at 1,1 radius
                           ^
          """)
      #expect(
        !FileManager.default.fileExists(atPath: folder.appendingPathComponent("goldens").path))
    }
  }

  @Test("a script file shares its goldens with circles check: __snapshots__/<name>/ beside it")
  func scriptFile() throws {
    try withTemporaryFolder { folder in
      let url = folder.appendingPathComponent("sun.circles")
      try Data(Self.script.utf8).write(to: url)
      let verifier = SnapshotVerifier(
        record: .missing, artifactsDirectory: folder.appendingPathComponent("artifacts"),
        environment: [:])
      #expect(verifier.verify(scriptAt: url, testFile: "/x/T.swift") != nil)
      let goldens = folder.appendingPathComponent("__snapshots__/sun")
      #expect(AssertSnapshotNamingTests.files(in: goldens).count == 4)
      var again = verifier
      again.record = RecordMode.none
      #expect(again.verify(scriptAt: url, testFile: "/x/T.swift") == nil)
      let missing = folder.appendingPathComponent("none.circles")
      #expect(
        again.verify(scriptAt: missing, testFile: "/x/T.swift")?.hasPrefix(
          "cannot read '\(missing.path)'") == true)
    }
  }

  @Test("assertSnapshot(ofScript:) reports through the test framework and passes on a match")
  func asserts() throws {
    try withTemporaryFolder { folder in
      withKnownIssue {
        assertSnapshot(
          ofScript: Self.script, record: .missing, snapshotDirectory: folder,
          artifactsDirectory: folder.appendingPathComponent("artifacts"))
      }
      #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("asserts").path))
      assertSnapshot(
        ofScript: Self.script, named: "asserts", record: RecordMode.none,
        snapshotDirectory: folder, artifactsDirectory: folder.appendingPathComponent("artifacts"))
    }
  }

  @Test("assertSnapshot(ofScript:) reports a script error at its own call, in its test file")
  func errorAtTheCall() throws {
    try withTemporaryFolder { folder in
      let line = #line + 2
      withKnownIssue {
        assertSnapshot(
          ofScript: "canvas 8x8\nremove moon\n", named: "broken", record: .missing,
          snapshotDirectory: folder, artifactsDirectory: folder.appendingPathComponent("a"))
      } matching: { issue in
        let column = issue.sourceLocation?.column ?? 0
        return issue.sourceLocation?.line == line
          && issue.comments.map(\.rawValue) == [
            """
            \(#filePath):\(line):\(column): error: script line 2, column 8: no circle named 'moon'
            remove moon
                   ^~~~
            """
          ]
      }
    }
  }
}
