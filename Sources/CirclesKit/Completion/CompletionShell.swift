/// A shell that `circles completions` writes a completion script for.
package enum CompletionShell: String, CaseIterable, Sendable {
  /// GNU bash, through `complete -F` (with or without the bash-completion package).
  case bash
  /// zsh's completion system (`compinit`), as an `_circles` function.
  case zsh
  /// fish, as `complete` commands.
  case fish

  /// Where the script goes under an installation prefix such as `/usr/local`: the folders that
  /// bash-completion, zsh and fish read.
  package var installPath: String {
    switch self {
    case .bash: "share/bash-completion/completions/circles"
    case .zsh: "share/zsh/site-functions/_circles"
    case .fish: "share/fish/vendor_completions.d/circles.fish"
    }
  }
}
