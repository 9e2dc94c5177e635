import CirclesTestSupport
import Foundation
import Testing

/// `circles check` through the binary: each failing frame is reported at the line that caused
/// it, the start frame at `canvas`, a group's or a loop's frame at its line with notes at what
/// set the difference; the whole standard error is pinned.
@Suite("circles check: failures at the line that caused them")
struct CheckLocationTests {
  /// Records the goldens of `recorded` as `scene.circles`, then checks `checked` in its place.
  static func check(recorded: String, checked: String) async throws -> Executable.Outcome {
    let folder = try TemporaryFolder()
    try folder.write(recorded, to: "scene.circles")
    let record = try await Executable.run(
      ["check", "scene.circles", "--record", "all"], in: folder.url)
    #expect(record.status == 0, "\(record)")
    try folder.write(checked, to: "scene.circles")
    return try await Executable.run(["check", "scene.circles"], in: folder.url)
  }

  @Test("a changed background is reported at the canvas line, and noted from a loop's frame")
  func background() async throws {
    let script = """
      canvas 20x20 background white
      // the dot
      let r = 3
      seed 4
      limit 0

      let n = 1
      repeat n {
        add a at 10,10 r (r)
      }

      """
    let outcome = try await Self.check(
      recorded: script,
      checked: script.replacingOccurrences(of: "background white", with: "background #ffeeee"))
    #expect(outcome.status == 1)
    #expect(
      outcome.stderr == """
        scene.circles:1:1: error: frame 0000-start differs from its golden: 400 pixels differ \
        (100%), first at 0,0, all within 20x20 at 0,0
        canvas 20x20 background #ffeeee
        ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
        scene.circles:8:1: error: frame 0001-add-a differs from its golden: 384 pixels differ \
        (96%), first at 0,0, all within 20x20 at 0,0
        repeat n {
        ^~~~~~~~~~
        scene.circles:1:1: note: set here: canvas: background #ffffff → #ffeeee

        """, "\(outcome)")
  }

  @Test("a frame made inside procedures is at the call, noted at the command and the calls between")
  func insideProcedures() async throws {
    let script = """
      canvas 20x20
      def dot(x) {
        add at (x),10 r 3 fill red
      }
      def pair(x) {
        dot(x)
        dot(x + 8)
      }
      pair(4)

      """
    let outcome = try await Self.check(
      recorded: script, checked: script.replacingOccurrences(of: "fill red", with: "fill blue"))
    #expect(outcome.status == 1)
    #expect(
      outcome.stderr == """
        scene.circles:9:1: error: frame 0001-add-c1 differs from its golden: 36 pixels differ \
        (9%), first at 1,7, all within 6x6 at 1,7
        pair(4)
        ^~~~~~~
        scene.circles:3:3: note: set here: c1: fill #ff0000 → #0000ff
        scene.circles:6:3: note: in this call of 'dot', 2 calls deep
        scene.circles:9:1: error: frame 0002-add-c2 differs from its golden: 72 pixels differ \
        (18%), first at 1,7, all within 14x6 at 1,7
        pair(4)
        ^~~~~~~
        scene.circles:3:3: note: set here: c2: fill #ff0000 → #0000ff
        scene.circles:7:3: note: in this call of 'dot', 2 calls deep

        """, "\(outcome)")
  }

  @Test(
    "the start frame of a script without changes is at its canvas line, or at line 1",
    arguments: [
      (
        "canvas 20x20\n", "canvas 30x20\n",
        """
        scene.circles:1:1: error: frame 0000-start differs from its golden: sizes differ: \
        golden 20x20, actual 30x20
        canvas 30x20
        ^~~~~~~~~~~~

        """
      ),
      (
        "// nothing\n", "// nothing\n\ncanvas 20x20 background red\n",
        """
        scene.circles:3:1: error: frame 0000-start differs from its golden: sizes differ: \
        golden 512x512, actual 20x20
        canvas 20x20 background red
        ^~~~~~~~~~~~~~~~~~~~~~~~~~~

        """
      ),
      (
        "canvas 20x20\n", "",
        """
        scene.circles:1:1: error: frame 0000-start differs from its golden: sizes differ: \
        golden 20x20, actual 512x512

        ^

        """
      ),
    ])
  func start(recorded: String, checked: String, stderr: String) async throws {
    let outcome = try await Self.check(recorded: recorded, checked: checked)
    #expect(outcome.status == 1)
    #expect(outcome.stderr == stderr, "\(outcome)")
  }

  @Test("a group's and a loop's frames are at their lines, noted at the command that differs")
  func groupAndLoop() async throws {
    let script = """
      canvas 30x20
      group "Pair" {
        add b at 5,5 r 3 fill green
        add c at 15,5 r 3 fill red
        set b radius 2
      }
      repeat 2 as i {
        add d{i} at (5 + i * 10),15 r 3 fill red
      }

      """
    let checked =
      script
      .replacingOccurrences(of: "15,5 r 3 fill red", with: "15,5 r 3 fill blue")
      .replacingOccurrences(of: "set b radius 2", with: "set b radius 4")
      .replacingOccurrences(of: "15 r 3 fill red", with: "15 r 3 fill rgb(i * 255, 0, 0)")
    let outcome = try await Self.check(recorded: script, checked: checked)
    #expect(outcome.status == 1)
    #expect(
      outcome.stderr == """
        scene.circles:2:1: error: frame 0001-pair differs from its golden: 92 pixels differ \
        (15.3%), first at 2,1, all within 17x8 at 1,1
        group "Pair" {
        ^~~~~~~~~~~~~~
        scene.circles:5:3: note: set here: b: radius 2 → 4
        scene.circles:4:3: note: set here: c: fill #ff0000 → #0000ff
        scene.circles:7:1: error: frame 0002-add-d0 differs from its golden: 128 pixels differ \
        (21.3%), first at 2,1, all within 17x17 at 1,1
        repeat 2 as i {
        ^~~~~~~~~~~~~~~
        scene.circles:8:3: note: set here: d0: fill #ff0000 → #000000
        scene.circles:7:1: error: frame 0003-add-d1 differs from its golden: 128 pixels differ \
        (21.3%), first at 2,1, all within 17x17 at 1,1
        repeat 2 as i {
        ^~~~~~~~~~~~~~~
        scene.circles:8:3: note: the frame's last change

        """, "\(outcome)")
  }
}
