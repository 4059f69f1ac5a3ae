package playbook

// Test hooks: the black-box tests in package playbook_test reach the parser
// and the embedded files through these.
var (
	ParseAll = parseAll
	TopicsFS = topicsFS
)
