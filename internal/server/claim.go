// Claiming a seat with an invite, and what an invite link says about its seat.

package server

import (
	"context"
	"errors"
	"net/http"
	"strings"
)

// inviteState says what the invite with hash h does at the table now
// (inviteOpen, inviteMove or inviteUsed).
func (s *Server) inviteState(ctx context.Context, id, h string) (string, error) {
	var open string
	err := s.withTable(ctx, id, func(t *table) error {
		reply := make(chan string, 1)
		if err := t.send(ctx, inviteReq{hash: h, reply: reply}); err != nil {
			return err
		}
		v, ok := await(t, reply)
		if !ok {
			return errTableGone
		}
		open = v
		return nil
	})
	return open, err
}

type claimReqJSON struct {
	Invite string `json:"invite"`
	Seat   *int   `json:"seat"`
	Name   string `json:"name"`
	// Daily takes the seat of the player's own daily challenge, the
	// player named by the X-Trull-Name and X-Trull-Secret headers.
	Daily bool `json:"daily"`
}

type claimResp struct {
	Seat      int    `json:"seat"`
	SeatToken string `json:"seat_token"`
}

func (s *Server) handleClaim(w http.ResponseWriter, r *http.Request) {
	var req claimReqJSON
	if !readJSON(w, r, &req) {
		return
	}
	if req.Daily {
		s.claimDailySeat(w, r)
		return
	}
	name, err := cleanName(req.Name)
	if err != nil {
		writeCoded(w, http.StatusBadRequest, errCode(err, "bad_request"), "%s", strings.TrimPrefix(err.Error(), errBadRequest.Error()+": "))
		return
	}
	cr := claimReq{name: name, seat: -1}
	switch {
	case req.Invite != "":
		cr.invite = hashToken(req.Invite)
	case req.Seat != nil:
		cr.seat = *req.Seat
	default:
		writeError(w, http.StatusBadRequest, `give "invite" (from the invite link) or, at a public table, "seat"`)
		return
	}
	tok := newToken()
	cr.token = hashToken(tok)
	res, err := s.sendClaim(r.Context(), r.PathValue("id"), cr)
	switch {
	case err == nil:
		writeJSON(w, http.StatusOK, claimResp{Seat: res.seat, SeatToken: tok})
	case isNotFound(err):
		writeError(w, http.StatusNotFound, "no such table")
	case errors.Is(err, errSeatTaken), errors.Is(err, errInvite), errors.Is(err, errOver), errors.Is(err, errAbandoned):
		writeCoded(w, http.StatusConflict, claimCode(err), "%s", strings.TrimPrefix(err.Error(), "server: "))
	case errors.Is(err, errNeedInvite):
		writeCoded(w, http.StatusForbidden, "private", "%s", strings.TrimPrefix(err.Error(), "server: "))
	case errors.Is(err, errBadRequest):
		writeCoded(w, http.StatusBadRequest, errCode(err, "bad_request"), "%s", strings.TrimPrefix(err.Error(), errBadRequest.Error()+": "))
	default:
		s.log.Warn("claim failed", "err", err)
		writeError(w, http.StatusServiceUnavailable, "the seat could not be claimed right now; try again")
	}
}

// sendClaim has table id serve cr and returns its answer.
func (s *Server) sendClaim(ctx context.Context, id string, cr claimReq) (claimResult, error) {
	var res claimResult
	err := s.withTable(ctx, id, func(t *table) error {
		cr.reply = make(chan claimResult, 1)
		if err := t.send(ctx, cr); err != nil {
			return err
		}
		var ok bool
		if res, ok = await(t, cr.reply); !ok {
			return errTableGone
		}
		return res.err
	})
	return res, err
}

// claimCode is the code of a refused claim.
func claimCode(err error) string {
	switch {
	case errors.Is(err, errSeatTaken):
		return "seat_taken"
	case errors.Is(err, errInvite):
		return "invite_used"
	case errors.Is(err, errOver):
		return "sitting_over"
	}
	return "abandoned"
}
