import CircleScript
import CircleSystem

/// A mistake on the command line: reported with the usage of the subcommand, exit code 2.
package struct UsageError: Error, Equatable, CustomStringConvertible {
  /// What is wrong, as one lower-case phrase.
  package var message: String

  /// Creates an error with its message.
  package init(_ message: String) {
    self.message = message
  }

  package var description: String { message }

  /// The error for an option the subcommand does not have, with a suggestion when one is close.
  static func unknownOption(_ name: String, known: [String]) -> UsageError {
    var message = "unknown option '\(DisplayText.escaped(name))'"
    if let guess = Suggestion.closest(to: name, among: known) {
      message += "; did you mean '\(guess)'?"
    }
    return UsageError(message)
  }
}
