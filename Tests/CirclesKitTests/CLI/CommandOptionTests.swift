import Foundation
import Testing

@testable import CirclesKit

/// The option descriptions agree with the help and with the parsers, for every subcommand: an
/// option added to a parser and its help but not to its description (or the other way round)
/// fails here, and so cannot be missing from completion or from the "did you mean" list.
@Suite("option descriptions: the help, the parsers and completion agree")
struct CommandOptionTests {
  static let commands = CommandLineTool.subcommands.map { $0.name }

  static func command(_ name: String) throws -> any Subcommand.Type {
    try #require(CommandLineTool.subcommand(named: name), "no subcommand \(name)")
  }

  /// The error a subcommand's parser gives for arguments, or `nil` when it reads them.
  static func parse<Command: Subcommand>(_ command: Command.Type, _ arguments: [String])
    -> UsageError?
  {
    do {
      _ = try Command.parse(arguments)
      return nil
    } catch {
      return error
    }
  }

  /// Every `--option` a text mentions.
  static func longOptions(in text: String) -> Set<String> {
    let pattern = /(?:^|[^\w-])(--[a-z][a-z0-9-]*)/.anchorsMatchLineEndings()
    return Set(text.matches(of: pattern).map { String($0.output.1) })
  }

  /// Words that the operands accept, one per placeholder: an example file, the first choice.
  static func sampleOperands(of command: any Subcommand.Type) -> [String] {
    command.operands.placeholders.map { _ in samples(of: command.operands.kind)[0] }
  }

  /// Values of a kind that its parser accepts: every choice, a file of every extension.
  static func samples(of kind: ValueKind) -> [String] {
    switch kind {
    case .choices(let words): words
    case .file(let extensions): extensions.isEmpty ? ["file"] : extensions.map { "x.\($0)" }
    case .folder: ["folder"]
    case .text: ["1"]
    }
  }

  @Test("every --option the help of a subcommand mentions is described", arguments: commands)
  func helpIsDescribed(name: String) throws {
    let command = try Self.command(name)
    let described = Set(command.allOptions.map(\.name))
    let missing = Self.longOptions(in: command.help).subtracting(described)
    #expect(missing.isEmpty, "\(name) --help mentions \(missing.sorted()), not in its options")
  }

  @Test("every described option is shown in the help, with its short name", arguments: commands)
  func descriptionIsInHelp(name: String) throws {
    let command = try Self.command(name)
    let mentioned = Self.longOptions(in: command.help)
    for option in command.allOptions {
      #expect(mentioned.contains(option.name), "\(name) --help does not show \(option.name)")
      if let short = option.short {
        #expect(
          command.help.contains("\(short), \(option.name)"),
          "\(name) --help does not show '\(short), \(option.name)'")
      }
    }
  }

  @Test("the tool's own help and options agree")
  func toolOptions() {
    #expect(
      Self.longOptions(in: CommandLineTool.help) == Set(CommandLineTool.options.map(\.name)))
  }

  @Test("no name is described twice in a subcommand", arguments: commands)
  func namesAreUnique(name: String) throws {
    let names = try Self.command(name).allOptions.flatMap(\.names)
    #expect(Set(names).count == names.count, "\(name): \(names)")
  }

  @Test(
    "every described option is read by the parser, with the values it describes",
    arguments: commands)
  func parserReadsDescribed(name: String) throws {
    let command = try Self.command(name)
    let operands = Self.sampleOperands(of: command)
    #expect(Self.parse(command, operands) == nil, "\(name) \(operands)")
    for option in command.options {
      for spelling in option.names {
        guard let value = option.value else {
          // A flag takes no value: the operands after it are still read as operands.
          #expect(Self.parse(command, [spelling] + operands) == nil, "\(name) \(spelling)")
          continue
        }
        for sample in Self.samples(of: value.kind) {
          let arguments = operands + [spelling, sample]
          if let error = Self.parse(command, arguments) {
            // A free-text value may be refused by its own rule, but never as an unknown option.
            #expect(value.kind == .text, "\(name) \(arguments): \(error.message)")
            #expect(!error.message.hasPrefix("unknown option"), "\(name) \(arguments)")
          }
        }
        let alone = Self.parse(command, operands + [spelling])
        if value.isOptional {
          #expect(alone == nil, "\(name) \(spelling)")
        } else {
          #expect(alone == UsageError("option '\(spelling)' needs a value"), "\(name) \(spelling)")
        }
      }
    }
  }

  @Test("--help and -h give the help of every subcommand", arguments: commands)
  func help(name: String) throws {
    let command = try Self.command(name)
    for spelling in CommandOption.help.names {
      let recording = ConsoleRecording()
      let console = recording.console
      let context = ToolContext(
        console: console, environment: [:], currentDirectory: URL(fileURLWithPath: "/"),
        readStandardInput: { Data() })
      let status = CommandLineTool.main(arguments: [name, spelling], context: context)
      #expect(status == 0)
      #expect(recording.out == command.help + "\n")
      #expect(recording.err == "")
    }
  }

  @Test(
    "an option misspelt by its last letter is suggested from the description",
    arguments: commands)
  func suggestions(name: String) throws {
    let command = try Self.command(name)
    let operands = Self.sampleOperands(of: command)
    for option in command.allOptions {
      let typo = String(option.name.dropLast())
      #expect(
        Self.parse(command, operands + [typo])
          == UsageError("unknown option '\(typo)'; did you mean '\(option.name)'?"),
        "\(name) \(typo)")
    }
  }
}
