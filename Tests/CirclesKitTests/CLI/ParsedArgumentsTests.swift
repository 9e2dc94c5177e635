import CircleEngine
import Testing

import CircleEngine
@testable import CirclesKit

/// Reading arguments against declarations: both spellings of a value, repeats, the last of a
/// single option, a bare optional value, `--` and the rules' messages, each on both sides of
/// its boundary.
@Suite("parsed arguments: what the declarations accept and refuse")
struct ParsedArgumentsTests {
  static let options: [CommandOption] = [
    .option("--output", short: "-o", "dir", .folder, "Folder"),
    .option("--frames", "which", .choices(["all", "last", "none"]), "Which frames"),
    .option("--count", "n", .text, rule: .wholeNumber(0...10), "How many"),
    .option("--delay", "seconds", .text, rule: .number(0.5...2, unit: "seconds"), "How long"),
    .option("--only", "name", .text, repeats: true, "Only these"),
    .optionalValue(
      "--record", "mode", .choices(["missing", "all"]), rule: .described("missing or all"),
      "Record"),
    .flag("--watch", "Watch"),
    .help,
  ]
  static let operands = CommandOperands(
    placeholders: ["script"], repeatsLast: true, kind: .file(extensions: ["circles"]),
    noun: "scripts", missing: "a script")

  static func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
    try ParsedArguments(arguments, command: "try", options: options, operands: operands)
  }

  static func error(_ arguments: [String]) -> String? {
    do {
      _ = try parse(arguments)
      return nil
    } catch {
      return error.message
    }
  }

  @Test("a value after '=' or as the next word, by the long or the short name")
  func spellings() throws {
    for arguments in [["-o", "out"], ["--output", "out"], ["--output=out"]] {
      let parsed = try Self.parse(["a.circles"] + arguments)
      #expect(parsed.string("--output") == "out", "\(arguments)")
      #expect(parsed.operands == ["a.circles"])
    }
    #expect(try Self.parse(["a.circles", "--output="]).string("--output") == "")
    #expect(try Self.parse(["a.circles", "-o", "--watch"]).string("--output") == "--watch")
  }

  @Test("a repeatable option keeps every value; any other keeps the last")
  func repeats() throws {
    let parsed = try Self.parse(
      ["a.circles", "--only", "x", "-o", "one", "--only=y", "--output", "two"])
    #expect(parsed.strings("--only") == ["x", "y"])
    #expect(parsed.string("--output") == "two")
    #expect(parsed.words(of: ["--only"]) == ["--only", "x", "--only=y"])
    #expect(parsed.last(of: ["--output", "--only"]) == "--output")
  }

  @Test("choices are matched in any case and read as declared")
  func choices() throws {
    #expect(try Self.parse(["a.circles", "--frames", "LAST"]).string("--frames") == "last")
    #expect(
      Self.error(["a.circles", "--frames", "lats"])
        == "--frames takes all, last or none, not 'lats'; did you mean 'last'?")
    #expect(
      Self.error(["a.circles", "--frames", "every"])
        == "--frames takes all, last or none, not 'every'")
  }

  @Test("a whole number and a number are checked against their ranges, both ends")
  func ranges() throws {
    #expect(try Self.parse(["a.circles", "--count", "0"]).integer("--count") == 0)
    #expect(try Self.parse(["a.circles", "--count", "10"]).integer("--count") == 10)
    for bad in ["-1", "11", "1.0", "x"] {
      #expect(
        Self.error(["a.circles", "--count", bad])
          == "--count takes a whole number from 0 to 10, not '\(bad)'")
    }
    #expect(try Self.parse(["a.circles", "--delay", "0.5"]).number("--delay") == 0.5)
    #expect(try Self.parse(["a.circles", "--delay=2"]).number("--delay") == 2)
    for bad in ["0.49", "2.01", "inf", "nan"] {
      #expect(
        Self.error(["a.circles", "--delay", bad])
          == "--delay takes seconds from 0.5 to 2, not '\(bad)'")
    }
  }

  @Test("a bare optional value takes the next word unless that word is an operand")
  func optionalValue() throws {
    let bare = try Self.parse(["--record", "a.circles"])
    #expect(bare.flag("--record") && bare.string("--record") == nil)
    #expect(bare.operands == ["a.circles"])
    let moded = try Self.parse(["--record", "all", "a.circles"])
    #expect(moded.string("--record") == "all" && moded.operands == ["a.circles"])
    #expect(try Self.parse(["--record", "sub/b", "a.circles"]).operands == ["sub/b", "a.circles"])
    #expect(try Self.parse(["a.circles", "--record=missing"]).string("--record") == "missing")
    let refused = try Self.parse(["--record", "some", "a.circles"])
    #expect(throws: UsageError("--record takes missing or all, not 'some'")) {
      try refused.value("--record") { ["missing", "all"].contains($0) ? $0 : nil }
    }
  }

  @Test("the mistakes: unknown option, missing value, flag with a value, operands")
  func mistakes() {
    #expect(
      Self.error(["a.circles", "--ouput", "x"])
        == "unknown option '--ouput'; did you mean '--output'?")
    #expect(Self.error(["a.circles", "-x"]) == "unknown option '-x'")
    #expect(Self.error(["a.circles", "-o"]) == "option '-o' needs a value")
    #expect(Self.error(["a.circles", "--count"]) == "option '--count' needs a value")
    #expect(Self.error(["a.circles", "--watch=1"]) == "--watch takes no value")
    #expect(Self.error([]) == "try needs a script")
    #expect(Self.error(["--watch"]) == "try needs a script")
    let one = CommandOperands.script
    #expect(throws: UsageError("try takes one script; '--watch' is extra")) {
      try ParsedArguments(
        ["a.circles", "--", "--watch"], command: "try", options: Self.options, operands: one)
    }
    #expect(throws: Never.self) {
      _ = try ParsedArguments(["-"], command: "try", options: Self.options, operands: one)
    }
  }

  @Test("--help text: every entry within the width, long tags on a line of their own")
  func helpLayout() throws {
    for command in CommandLineTool.subcommands {
      let help = SubcommandHelp(command)
      for line in help.text.split(separator: "\n") {
        #expect(line.count <= SubcommandHelp.width, "\(command.name): \(line)")
      }
      for option in command.allOptions {
        let entry = help.entry(for: option)
        #expect(entry[0].hasPrefix("  " + option.tag))
        let alone = option.tag.count + 4 > help.column
        #expect(alone == (entry[0] == "  " + option.tag), "\(command.name) \(option.name)")
        let lines = alone ? Array(entry.dropFirst()) : entry
        let text = lines.map { $0.dropFirst(help.column) }.joined(separator: " ")
        #expect(
          text.split(separator: " ") == option.description.split(separator: " "),
          "\(command.name) \(option.name)")
      }
    }
  }

  @Test("the defaults --help shows are the libraries'")
  func defaults() throws {
    let run = RunCommand.options
    #expect(run.named("--max-frames")?.defaultValue == String(FrameOptions.defaultMaximumFrames))
    #expect(run.named("--format")?.defaultValue == FrameOptions().format.rawValue)
    let check = CheckCommand.options
    #expect(check.named("--artifacts")?.defaultValue == ".circles-artifacts")
    #expect(RunCommand.help.contains("Default: \(FrameOptions().compression.rawValue)."))
  }
}
