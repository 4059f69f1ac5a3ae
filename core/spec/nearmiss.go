package spec

import "strings"

// NearMiss is a line that looks meant as a scenario heading but is not one:
// a wrong heading level (`### Scenario: x`), a wrong case or a missing colon
// on a level-4 heading (`#### scenario: x`, `#### Scenario x`), no space
// after the hashes (`####Scenario: x`), or bold text (`**Scenario: x**`).
// Without a report the scenario would be silently ignored.
type NearMiss struct {
	Line int
	// Written is the line as written, without surrounding whitespace.
	Written string
	// Corrected is the scenario heading it should be: `#### Scenario: x`.
	Corrected string
}

const scenarioWord = "scenario"

// nearMiss checks one line outside fences and front matter. Prose that
// merely mentions a scenario is no near miss: the word must open a heading
// or a line-long bold span, and outside a level-4 heading it must be
// followed by a colon.
func nearMiss(line string) (NearMiss, bool) {
	rest, ok := trimIndent(line)
	if !ok {
		return NearMiss{}, false
	}
	written := strings.TrimSpace(rest)
	miss := func(title string) (NearMiss, bool) {
		return NearMiss{Written: written, Corrected: strings.TrimSpace("#### " + scenarioPrefix + " " + title)}, true
	}
	if level, text, ok := atxHeading(rest); ok {
		title, colon, ok := afterScenarioWord(text)
		switch {
		case !ok:
			return NearMiss{}, false
		case level == 4 && strings.HasPrefix(text, scenarioPrefix):
			return NearMiss{}, false // a scenario heading
		case colon || level == 4 && title != "":
			return miss(title)
		}
		return NearMiss{}, false
	}
	if hashes := run(rest, '#'); hashes >= 1 && hashes <= 6 {
		// "####Scenario: x" is no ATX heading: the hashes need a space.
		if title, colon, ok := afterScenarioWord(strings.TrimSpace(rest[hashes:])); ok && colon {
			return miss(strings.TrimSpace(strings.TrimRight(title, "#")))
		}
		return NearMiss{}, false
	}
	for _, m := range []string{"**", "__"} {
		if text, ok := boldText(written, m); ok {
			if title, colon, ok := afterScenarioWord(text); ok && colon {
				return miss(title)
			}
		}
	}
	return NearMiss{}, false
}

// afterScenarioWord reads "Scenario: title", in any case, with or without
// the colon; colon reports whether it was there. The word must stand alone:
// "Scenarios" or "Scenarios:" is another word.
func afterScenarioWord(text string) (title string, colon, ok bool) {
	rest, ok := cutPrefixFold(text, scenarioWord)
	if !ok {
		return "", false, false
	}
	if after, found := strings.CutPrefix(rest, ":"); found {
		return strings.TrimSpace(after), true, true
	}
	if rest == "" || rest[0] == ' ' || rest[0] == '\t' {
		return strings.TrimSpace(rest), false, true
	}
	return "", false, false
}

// boldText reads a line-long bold span, `**Scenario: x**`, or bold on the
// word alone, `**Scenario**: x` and `**Scenario:** x`, and returns its text
// without the markers. Bold text inside a sentence is prose.
func boldText(line, marker string) (string, bool) {
	inner, ok := strings.CutPrefix(line, marker)
	if !ok {
		return "", false
	}
	before, after, ok := strings.Cut(inner, marker)
	if !ok || strings.Contains(after, marker) {
		return "", false
	}
	word := strings.TrimSuffix(before, ":")
	if after != "" && !strings.EqualFold(word, scenarioWord) {
		return "", false
	}
	return before + after, true
}
