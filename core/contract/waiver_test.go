package contract_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/espectacular/ah/core/contract"
)

func TestWaiver(t *testing.T) {
	head := "id = \"x\"\ndescription = \"d\"\narchetype = \"PF\"\nstatus = \"active\"\nauthored_with = \"0.1.0\"\n"
	tests := []struct {
		name, body   string
		want         *contract.Waiver
		problems     int
		expiredToday bool
	}{
		{"none", "", nil, 0, false},
		{"a reason", "[waiver]\nreason = \"manual\"\n", &contract.Waiver{Reason: "manual"}, 0, false},
		{"a TOML date", "[waiver]\nreason = \"manual\"\nexpires = 2001-02-03\n", &contract.Waiver{Reason: "manual", Expires: "2001-02-03"}, 0, true},
		{"a date string", "[waiver]\nreason = \"manual\"\nexpires = \"2999-02-03\"\n", &contract.Waiver{Reason: "manual", Expires: "2999-02-03"}, 0, false},
		{"no reason", "[waiver]\nexpires = \"2001-02-03\"\n", &contract.Waiver{Expires: "2001-02-03"}, 1, true},
		{"a blank reason", "[waiver]\nreason = \"  \"\n", &contract.Waiver{Reason: "  "}, 1, false},
		{"not a date", "[waiver]\nreason = \"m\"\nexpires = \"soon\"\n", &contract.Waiver{Reason: "m", Expires: "soon"}, 1, false},
		// Issue 39: the date is parsed, not matched by a prefix.
		{"no such day", "[waiver]\nreason = \"m\"\nexpires = \"2099-99-99\"\n", &contract.Waiver{Reason: "m", Expires: "2099-99-99"}, 1, false},
		{"february 30", "[waiver]\nreason = \"m\"\nexpires = \"2027-02-30\"\n", &contract.Waiver{Reason: "m", Expires: "2027-02-30"}, 1, false},
		{"text after the day", "[waiver]\nreason = \"m\"\nexpires = \"2020-01-01garbage\"\n", &contract.Waiver{Reason: "m", Expires: "2020-01-01garbage"}, 1, true},
		{"a datetime", "[waiver]\nreason = \"m\"\nexpires = 2999-01-01T10:00:00Z\n", &contract.Waiver{Reason: "m", Expires: "2999-01-01T10:00:00Z"}, 1, false},
		{"a leap day", "[waiver]\nreason = \"m\"\nexpires = 2028-02-29\n", &contract.Waiver{Reason: "m", Expires: "2028-02-29"}, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, problems := contract.Decode("c.toml", []byte(head+tt.body))
			assert.Equal(t, tt.want, c.Waiver)
			assert.Len(t, problems, tt.problems)
			if c.Waiver != nil {
				assert.Equal(t, tt.expiredToday, c.Waiver.Expired("2026-12-02"))
				assert.False(t, c.Waiver.Expired(""), "no date expires nothing")
			}
		})
	}
}
