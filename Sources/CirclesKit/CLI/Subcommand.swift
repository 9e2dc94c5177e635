import CircleSystem
import Foundation

/// One subcommand of `circles`, shaped like an argument-parser command: declare, parse,
/// validate, run.
///
/// A subcommand declares its options and operands once; ``CommandLineTool`` reads the
/// arguments against them into ``ParsedArguments`` before ``init(_:)``, and its `--help`, the
/// manual page and the shell completions are made from the same declarations
/// (docs/cli-internals.md shows how to declare one).
protocol Subcommand {
  /// The word that selects it (`run`).
  static var name: String { get }
  /// One line for the tool's help.
  static var summary: String { get }
  /// The paragraphs of `--help` between the usage line and the options, wrapped by hand.
  static var discussion: String { get }
  /// The paragraphs of `--help` after the options (rules, exit codes), wrapped by hand.
  static var epilogue: String { get }
  /// Every option it reads, but `--help` (see ``CommandOption``).
  static var options: [CommandOption] { get }
  /// The words that are not options.
  static var operands: CommandOperands { get }
  /// Takes the arguments read against the declarations: the values it keeps, and the values
  /// and combinations only it can judge.
  init(_ arguments: ParsedArguments) throws(UsageError)
  /// Rejects bad combinations that need the context (the environment, the current folder)
  /// before any work.
  func validate(in context: ToolContext) throws(UsageError)
  /// Does the work and returns the exit code.
  func run(in context: ToolContext) -> Int32
}

extension Subcommand {
  static var epilogue: String { "" }

  func validate(in context: ToolContext) throws(UsageError) {}

  /// Its options with `--help`: what the parser reads and completion offers.
  static var allOptions: [CommandOption] { options + [.help] }

  /// The full `--help` text, made from the declarations.
  static var help: String { SubcommandHelp(Self.self).text }

  /// Reads the arguments that follow the subcommand's name and makes the subcommand.
  ///
  /// - Throws: ``UsageError`` for anything the declarations or ``init(_:)`` refuse.
  static func parse(_ arguments: [String]) throws(UsageError) -> Self {
    try Self(ParsedArguments(arguments, command: name, options: allOptions, operands: operands))
  }
}

extension Subcommand {
  /// Refuses a path given to a file option when its name does not end in one of the extensions
  /// the option declares (``ValueKind/file(extensions:)``): the one place they are written.
  ///
  /// - Parameters:
  ///   - path: the path as given.
  ///   - option: the option's key (`RunCommand.sheet`), whose noun names the file in the
  ///     message (`the contact sheet`).
  /// - Throws: `the contact sheet 's.jpg' needs a .png extension`.
  static func requireExtension(
    of path: String, for option: OptionKey<String?>
  ) throws(UsageError) {
    let what = option.declaration.noun ?? option.name
    guard case .file(let extensions)? = option.declaration.value?.kind, !extensions.isEmpty
    else { return }
    let given = URL(fileURLWithPath: path).pathExtension.lowercased()
    guard !extensions.contains(given) else { return }
    let dotted = extensions.map { "." + $0 }
    let list =
      dotted.count == 1
      ? dotted[0] : dotted.dropLast().joined(separator: ", ") + " or " + dotted.last!
    throw UsageError("\(what) '\(DisplayText.escaped(path))' needs a \(list) extension")
  }
}
