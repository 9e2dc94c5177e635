import CirclesTestSupport
import Foundation
import Testing

/// `circles check` of scripts that stop: a failed `expect` in the report on standard output, the
/// line about later goldens only when there are some, and a broken script beside a good one in
/// every report; each with its whole output.
@Suite("circles check: scripts that stop are in every report")
struct CheckScriptStatusTests {
  static let recorded = "canvas 20x20\nadd a at 5,5 r 2\nadd b at 9,9 r 2\n"

  @Test(
    "a failed expect is on standard output; later goldens are mentioned only when there are some",
    arguments: [
      (
        recorded + "expect count 3\n",
        """
        FAIL scene.circles: an expect failed after 3 frames
          scene.circles:4:1: error: expected 3 circles, found 2
        checked 1 script: 0 passed, 1 failed; 3 frames: 3 passed

        """
      ),
      (
        "canvas 20x20\nadd a at 5,5 r 2\nexpect count 3\nadd b at 9,9 r 2\n",
        """
        FAIL scene.circles: an expect failed after 2 frames
          scene.circles:3:1: error: expected 3 circles, found 1
          the script stopped before its end: 1 golden of a later frame was not checked, and none \
        is deleted
        checked 1 script: 0 passed, 1 failed; 2 frames: 2 passed

        """
      ),
    ])
  func failedExpect(script: String, stdout: String) async throws {
    let outcome = try await CheckLocationTests.check(recorded: Self.recorded, checked: script)
    #expect(outcome.status == 1)
    #expect(outcome.stdout == stdout, "\(outcome)")
  }

  @Test("a script stopped by an error beside a good one: every report counts both, exit 2")
  func brokenBesideGood() async throws {
    let folder = try TemporaryFolder()
    try folder.write("canvas 50x50\nadd a at 10,10 r 5\n", to: "good.circles")
    let record = try await Executable.run(
      ["check", "good.circles", "--record", "all"], in: folder.url)
    #expect(record.status == 0, "\(record)")
    try folder.write("canvas 50x50\nadd a at 10,10 r 5\nremove nope\n", to: "bad.circles")
    let text = try await Executable.run(["check", ".", "--junit", "j.xml"], in: folder.url)
    #expect(text.status == 2)
    #expect(
      text.stdout == """
        ERROR bad.circles: 1 error; no frame checked
          bad.circles:3:8: error: no circle named 'nope'
        ok   good.circles: 2 frames
        checked 2 scripts: 1 passed, 1 with an error; 2 frames: 2 passed
        junit: j.xml

        """, "\(text)")
    #expect(
      text.stderr == """
        bad.circles:3:8: error: no circle named 'nope'
        remove nope
               ^~~~

        """, "\(text)")
    // Each suite's time is the script's, which varies: it is read as T.
    let junit = try folder.read("j.xml").replacingOccurrences(
      of: #" time="[0-9]+\.[0-9]{3}""#, with: #" time="T""#, options: .regularExpression)
    #expect(
      junit == """
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites name="circles check" tests="3" failures="0" errors="1">
          <testsuite name="bad.circles" time="T" tests="1" failures="0" errors="1" skipped="0">
            <testcase classname="bad" name="script" file="bad.circles" line="3">
              <error message="no circle named &#39;nope&#39;" type="error">bad.circles:3:8: \
        error: no circle named &#39;nope&#39;
        remove nope
               ^~~~</error>
            </testcase>
          </testsuite>
          <testsuite name="good.circles" time="T" tests="2" failures="0" errors="0" skipped="0">
            <testcase classname="good" name="0000-start" file="good.circles" line="1"/>
            <testcase classname="good" name="0001-add-a" file="good.circles" line="2"/>
          </testsuite>
        </testsuites>

        """)
    let json = try await Executable.run(["check", ".", "--json"], in: folder.url)
    #expect(json.status == 2)
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(document["passed"] as? Bool == false)
    let scripts = try #require(document["scripts"] as? [[String: Any]])
    #expect(scripts.map { $0["status"] as? String } == ["error", "passed"])
    let diagnostics = try #require(scripts[0]["diagnostics"] as? [[String: Any]])
    #expect(diagnostics.count == 1)
    #expect(diagnostics.first?["file"] as? String == "bad.circles")
    #expect(diagnostics.first?["line"] as? Int == 3)
    #expect(diagnostics.first?["column"] as? Int == 8)
    #expect(diagnostics.first?["message"] as? String == "no circle named 'nope'")
  }
}
