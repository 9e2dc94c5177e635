import CircleCanvas
import Testing

@testable import CircleScript

/// A host that keeps where each frame and `render` was asked for, and throws at one of them.
private final class SiteHost: ScriptHost {
  struct Full: Error, CustomStringConvertible {
    var description: String { "no space left" }
  }

  weak var interpreter: Interpreter?
  var sites: [OutputSite] = []
  /// The output (in order, frames and renders together) whose writing throws, if any.
  var failing: Int?
  var error: any Error = Full()

  private func record(_ site: OutputSite) throws {
    sites.append(site)
    if sites.count - 1 == failing { throw error }
  }

  func scriptDidProduceFrame(_ frame: Frame) throws { try record(frame.site) }

  func scriptRender(_ state: CanvasState, toPath path: String) throws {
    try record(interpreter!.renderSite!)
  }

  func scriptPixel(in state: CanvasState, x: Int, y: Int) throws -> Colour { .white }
}

@Suite("Where frames and renders are asked for")
struct OutputSiteTests {
  static let script = """
    canvas 40x30
    add a at 1,1 r 1
    repeat 2 as i {
      repeat 2 {
        add at (i),1 r 1
        render shot{i}.png
      }
      group "g" {
        repeat 2 as j {
          render in{j}.png
          add at (j),2 r 1
        }
      }
    }
    render end.png
    """

  /// Runs the script, the output of index `failing` throwing `error`.
  static func run(
    failing: Int? = nil, error: any Error = SiteHost.Full()
  ) throws -> (sites: [OutputSite], failure: ScriptFailure?) {
    let host = SiteHost()
    host.failing = failing
    host.error = error
    let interpreter = Interpreter(host: host)
    host.interpreter = interpreter
    let parsed = try Parser.parse(script, fileName: "s.circles")
    do {
      try interpreter.run(parsed)
      return (host.sites, nil)
    } catch {
      return (host.sites, error)
    }
  }

  @Test("frames and renders carry the loops around their command, outermost first")
  func iterations() throws {
    let sites = try Self.run().sites
    // start, add a, then per i: (add, render) × 2, render in0, render in1, group frame.
    #expect(sites.count == 2 + 2 * 7 + 1)
    #expect(sites[0].contexts.isEmpty)
    #expect(sites[1].contexts.isEmpty)
    let inner = sites[2 + 7 + 3]  // i = 1, second pass of the inner repeat: its render
    #expect(inner.output == .render(path: "shot1.png", at: inner.command.shifted(by: 7)))
    #expect(inner.contexts.map(\.index) == [1, 1])
    #expect(inner.contexts.map(\.variable) == ["i", nil])
    let inGroup = sites[2 + 5]  // i = 0, `render in1.png` in the group's loop
    #expect(inGroup.contexts.map(\.index) == [0, 1])
    #expect(inGroup.contexts.map(\.variable) == ["i", "j"])
    let group = sites[2 + 6]  // the group's frame: only the outer loop is around it
    #expect(group.output == .frame("0004-g"))
    #expect(group.contexts.map(\.index) == [0])
    #expect(sites.last?.contexts.isEmpty == true)
  }

  @Test("an error met at any frame or render is the one its site gives", arguments: 0..<17)
  func sameFailure(index: Int) throws {
    let site = try Self.run().sites[index]
    let failure = try Self.run(failing: index).failure
    #expect(failure == site.failureInScript(SiteHost.Full()))
    #expect(failure != site.failure(SiteHost.Full()) || site.contexts.isEmpty)
  }

  @Test("a bound on the output is reported as it is, at the command, loops noted")
  func limit() throws {
    let limit = OutputLimitReached("the run would write more than 3 frames")
    let failure = try Self.run(failing: 3, error: limit).failure
    #expect(
      failure?.diagnostics.map(\.description) == [
        "s.circles:6:5: error: the run would write more than 3 frames"
      ])
    #expect(
      failure?.diagnostic.notes.map(\.message) == [
        "in iteration 1 of this repeat", "in iteration 1 of this repeat (i = 0)",
      ])
    let site = try Self.run().sites[3]
    #expect(failure == site.failureInScript(limit))
  }

  @Test("a frame that cannot be written names the frame; a render, its path at the path")
  func messages() throws {
    let frame = try Self.run(failing: 1).failure
    #expect(
      frame?.diagnostic.description
        == "s.circles:2:1: error: cannot write frame '0001-add-a': no space left")
    let render = try Self.run(failing: 16).failure
    #expect(
      render?.diagnostic.description
        == "s.circles:15:8: error: cannot render 'end.png': no space left")
    #expect(render?.diagnostic.notes.isEmpty == true)
  }
}

extension SourceRange {
  /// The range moved right by `columns`, one character long per character it had.
  fileprivate func shifted(by columns: Int) -> SourceRange {
    SourceRange(
      start: SourceLocation(file: start.file, line: start.line, column: start.column + columns),
      length: length - columns)
  }
}

extension Frame.Context {
  /// The pass of a loop, counting from 0; `nil` for a call.
  var index: Int? {
    if case .pass(let index, _) = kind { index } else { nil }
  }

  /// The loop's variable; `nil` for a loop without one, or a call.
  var variable: String? {
    if case .pass(_, let variable) = kind { variable } else { nil }
  }
}
