import CirclesTestSupport
import Foundation
import Testing

@testable import CirclesKit

/// The zsh script: checked by zsh's parser, then used as a person would, installed on
/// `$fpath` in an interactive zsh inside tmux, with Tab pressed after each line.
@Suite("zsh completion")
struct ZshCompletionTests {
  @Test("zsh parses the script")
  func syntax() async throws {
    let fixture = try CompletionFixture(.zsh)
    let outcome = try await fixture.run("zsh", ["-n", fixture.script.path])
    #expect(outcome.stdout == "", "\(outcome)")
  }

  @Test("sourced after compinit, the script registers itself for circles")
  func sourced() async throws {
    let fixture = try CompletionFixture(.zsh)
    let outcome = try await fixture.run(
      "zsh",
      [
        "-f", "-c",
        "autoload -U compinit && compinit -u -D && source $1 && print -r -- $_comps[circles]",
        "zsh", fixture.script.path,
      ])
    #expect(outcome.stdout == "_circles\n", "\(outcome)")
  }

  /// A line typed before Tab, what the screen must then show, and what it must not.
  struct Case: Sendable, CustomStringConvertible {
    var line: String
    var shows: [String]
    var hides: [String] = []
    var description: String { line }
  }

  static let cases = [
    Case(
      line: "circles ",
      shows: [
        "-- Run a script and write every canvas state as a PNG frame.", "check", "completions",
        "diff", "history", "repl",
      ]),
    Case(line: "circles run --fo", shows: ["zsh> circles run --format="]),
    Case(line: "circles run --format ", shows: ["pdf", "png", "svg"], hides: ["scene.circles"]),
    Case(line: "circles run --png-compression=", shows: ["default", "fast", "small"]),
    Case(
      line: "circles run ", shows: ["scene.circles", "frames/", "my\\ scripts/"],
      hides: ["notes.txt", "picture.png", "LOUD.PNG", "report.html"]),
    Case(
      line: "circles run --sheet ", shows: ["picture.png", "LOUD.PNG", "frames/"],
      hides: ["scene.circles", "notes.txt"]),
    Case(line: "circles run -o ", shows: ["frames/", "my\\ scripts/"], hides: ["scene.circles"]),
    Case(
      line: "circles check --", shows: ["--record", "--fail-on-orphans", "-- List passing frames"]),
    Case(line: "circles check --record=", shows: ["all", "failed", "missing"]),
    Case(line: "circles check --record ", shows: ["all", "failed", "missing", "none", "scene.circles"]),
    Case(line: "circles check --report ", shows: ["report.html"], hides: ["scene.circles"]),
    Case(line: "circles diff -o ", shows: ["picture.png"], hides: ["scene.circles"]),
    Case(line: "circles history ", shows: ["scene.circles"], hides: ["picture.png"]),
    Case(line: "circles completions ", shows: ["bash", "fish", "zsh"]),
  ]

  @Test("installed on $fpath, Tab offers subcommands, options, their values and files")
  func typed() async throws {
    let fixture = try CompletionFixture(.zsh)
    let zsh = try Program(named: "zsh")
    let terminal = try await TerminalSession(
      [zsh.url.path, "-f"], in: fixture.work.url, environment: fixture.environment)
    let functions = fixture.script.deletingLastPathComponent().path
    try await terminal.type(
      "PS1='zsh> '; fpath=(\(functions) $fpath); autoload -U compinit; compinit -u -D; "
        + "print -r -- \"${_comps[circles]} is ready\"")
    try await terminal.press("Enter")
    try await terminal.waitForScreen("the completion system started") {
      $0.contains("\n_circles is ready")
    }
    for test in Self.cases {
      try await terminal.press("C-u")
      try await terminal.waitForScreen("an empty line before '\(test.line)'") {
        $0.split(separator: "\n").last == "zsh>"
      }
      try await terminal.press("C-l")
      try await terminal.waitForScreen("a clear screen before '\(test.line)'") { $0 == "zsh>" }
      try await terminal.type(test.line)
      try await terminal.press("Tab")
      let screen = try await terminal.waitForScreen("\(test.shows) after '\(test.line)'") {
        screen in
        test.shows.allSatisfy { screen.contains($0) }
      }
      // What Tab listed lies below the line typed.
      let listing = screen.split(separator: "\n").dropFirst().joined(separator: "\n")
      for hidden in test.hides {
        #expect(!listing.contains(hidden), "'\(test.line)' offered \(hidden):\n\(screen)")
      }
    }
  }
}
