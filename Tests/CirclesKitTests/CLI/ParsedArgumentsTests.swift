import CircleEngine
import Testing

@testable import CirclesKit

/// Reading arguments against declarations: both spellings of a value, repeats, the last of a
/// single option, a bare optional value, `--` and the rules' messages, each on both sides of
/// its boundary.
@Suite("parsed arguments: what the declarations accept and refuse")
struct ParsedArgumentsTests {
  static let output: OptionKey<String?> = .option(
    "--output", short: "-o", "dir", .folder, "Folder")
  static let frames: OptionKey<FrameSelection?> = .choice(
    "--frames", "which", of: FrameSelection.self, "Which frames")
  static let count: OptionKey<Int?> = .wholeNumber("--count", "n", in: 0...10, "How many")
  static let delay: OptionKey<Double?> = .number(
    "--delay", "seconds", in: 0.5...2, unit: "seconds", "How long")
  static let only: OptionKey<[String]> = .repeating("--only", "name", "Only these")
  static let record: OptionKey<String?> = .parsed(
    "--record", "mode", .choices(["missing", "all"]), expected: "missing or all",
    bare: "bare", "Record"
  ) { ["missing", "all"].contains($0) ? $0 : nil }
  static let watch: OptionKey<Bool> = .flag("--watch", "Watch")
  static let options =
    declarations(output, frames, count, delay, only, record, watch) + [.help]
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
      #expect(try parsed[Self.output] == "out", "\(arguments)")
      #expect(parsed.operands == ["a.circles"])
    }
    #expect(try Self.parse(["a.circles", "--output="])[Self.output] == "")
    let dashed = try Self.parse(["a.circles", "-o", "--watch"])
    #expect(try dashed[Self.output] == "--watch" && !(try dashed[Self.watch]))
  }

  @Test("a repeatable option keeps every value; any other keeps the last")
  func repeats() throws {
    let parsed = try Self.parse(
      ["a.circles", "--only", "x", "-o", "one", "--only=y", "--output", "two"])
    #expect(try parsed[Self.only] == ["x", "y"])
    #expect(try parsed[Self.output] == "two")
    #expect(parsed.words(of: [Self.only.declaration]) == ["--only", "x", "--only=y"])
    #expect(parsed.last(of: declarations(Self.output, Self.only)) == "--output")
    let none = try Self.parse(["a.circles"])
    #expect(try none[Self.only] == [] && none[Self.output] == nil && !none[Self.watch])
  }

  @Test("choices are matched in any case and read as declared")
  func choices() throws {
    #expect(try Self.parse(["a.circles", "--frames", "LAST"])[Self.frames] == .last)
    #expect(
      Self.error(["a.circles", "--frames", "lats"])
        == "--frames takes all, last or none, not 'lats'; did you mean 'last'?")
    #expect(
      Self.error(["a.circles", "--frames", "every"])
        == "--frames takes all, last or none, not 'every'")
  }

  @Test("a whole number and a number are checked against their ranges, both ends")
  func ranges() throws {
    #expect(try Self.parse(["a.circles", "--count", "0"])[Self.count] == 0)
    #expect(try Self.parse(["a.circles", "--count", "10"])[Self.count] == 10)
    for bad in ["-1", "11", "1.0", "x"] {
      #expect(
        Self.error(["a.circles", "--count", bad])
          == "--count takes a whole number from 0 to 10, not '\(bad)'")
    }
    #expect(try Self.parse(["a.circles", "--delay", "0.5"])[Self.delay] == 0.5)
    #expect(try Self.parse(["a.circles", "--delay=2"])[Self.delay] == 2)
    for bad in ["0.49", "2.01", "inf", "nan"] {
      #expect(
        Self.error(["a.circles", "--delay", bad])
          == "--delay takes seconds from 0.5 to 2, not '\(bad)'")
    }
  }

  @Test("a bare optional value takes the next word unless that word is an operand")
  func optionalValue() throws {
    let bare = try Self.parse(["--record", "a.circles"])
    #expect(try bare[Self.record] == "bare")
    #expect(bare.operands == ["a.circles"])
    let moded = try Self.parse(["--record", "all", "a.circles"])
    #expect(try moded[Self.record] == "all" && moded.operands == ["a.circles"])
    #expect(try Self.parse(["--record", "sub/b", "a.circles"]).operands == ["sub/b", "a.circles"])
    #expect(try Self.parse(["a.circles", "--record=missing"])[Self.record] == "missing")
    let refused = try Self.parse(["--record", "some", "a.circles"])
    #expect(throws: UsageError("--record takes missing or all, not 'some'")) {
      try refused[Self.record]
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
    #expect(run.named("--max-frames")?.defaultValue == String(RunOptions.defaultMaximumFrames))
    #expect(run.named("--format")?.defaultValue == RunOptions().format.rawValue)
    let check = CheckCommand.options
    #expect(check.named("--artifacts")?.defaultValue == ".circles-artifacts")
    #expect(RunCommand.help.contains("Default: \(RunOptions().compression.rawValue)."))
  }
}
