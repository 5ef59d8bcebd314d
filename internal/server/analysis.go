package server

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"sync"
	"time"

	"trull/internal/analysis"
	"trull/internal/game"
)

// analyzer runs hand analyses (docs/ANALYSIS.md) on a bounded pool: at
// most cap of them at once, each computed once per hand and bot however
// many ask, and stored with the hand.
type analyzer struct {
	slots chan struct{}
	mu    sync.Mutex
	jobs  map[string]*analysisJob
}

// analysisJob is one analysis in progress or just finished.
type analysisJob struct {
	done   chan struct{}
	mu     sync.Mutex
	count  [2]int // decisions done, total
	report []byte
	err    error
}

func newAnalyzer(workers int) *analyzer {
	return &analyzer{slots: make(chan struct{}, max(workers, 1)), jobs: map[string]*analysisJob{}}
}

func (j *analysisJob) progress() (done, total int) {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.count[0], j.count[1]
}

// analysisBot names the bot of an analysis level: the server's analysis
// bot, or its fast form.
func (s *Server) analysisBot(level string) (string, error) {
	switch level {
	case "", "default":
		if s.cfg.AnalysisBot != "" {
			return s.cfg.AnalysisBot, nil
		}
		return "ismcts", nil
	case "fast":
		return "ismcts-fast", nil
	}
	return "", fmt.Errorf("the level is default or fast, not %q", level)
}

// handleAnalysis answers GET /api/tables/{id}/hands/{n}/analysis: the
// analysis of a finished hand, from the store or computed now. With
// ?stream=1 it is a stream of server-sent events: "progress" events
// {"done","total"} while the decisions are valued, then one "report" event
// (or "error"). A hand still being played is never analysed: only
// finished hands have records.
func (s *Server) handleAnalysis(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	n, err := strconv.Atoi(r.PathValue("n"))
	if err != nil || n < 0 {
		writeError(w, http.StatusBadRequest, "the hand number must be a number from 0")
		return
	}
	botName, err := s.analysisBot(r.URL.Query().Get("level"))
	if err != nil {
		writeError(w, http.StatusBadRequest, "%v", err)
		return
	}
	stream := r.URL.Query().Get("stream") == "1"
	h, err := s.store.Hand(r.Context(), id, n)
	if err != nil {
		if isNotFound(err) {
			writeError(w, http.StatusNotFound, "hand %d of this table is not finished or does not exist; a hand is analysed once it is over", n)
			return
		}
		writeError(w, http.StatusServiceUnavailable, "the hand cannot be read right now")
		return
	}
	if rep, err := s.store.Analysis(r.Context(), id, n, botName); err == nil {
		s.answerAnalysis(w, stream, rep)
		return
	}
	job := s.analyses.start(fmt.Sprintf("%s/%d/%s", id, n, botName), func(j *analysisJob) ([]byte, error) {
		return s.analyse(id, n, botName, h.Record, j)
	})
	s.answerJob(w, r, stream, job)
}

// answerJob answers with a job's report once it is done, or as a stream
// of its progress and then the report.
func (s *Server) answerJob(w http.ResponseWriter, r *http.Request, stream bool, job *analysisJob) {
	if !stream {
		select {
		case <-job.done:
		case <-r.Context().Done():
			return
		}
		if job.err != nil {
			writeError(w, http.StatusInternalServerError, "the analysis failed: %v", job.err)
			return
		}
		s.answerAnalysis(w, false, job.report)
		return
	}
	flusher, ok := w.(http.Flusher)
	if !ok {
		writeError(w, http.StatusInternalServerError, "streaming is not available here")
		return
	}
	sseHeaders(w)
	tick := time.NewTicker(200 * time.Millisecond)
	defer tick.Stop()
	last := -1
	for {
		select {
		case <-job.done:
			if job.err != nil {
				sse(w, "error", map[string]string{"error": job.err.Error()})
			} else {
				d, t := job.progress()
				sse(w, "progress", map[string]int{"done": d, "total": t})
				sseRaw(w, "report", job.report)
			}
			flusher.Flush()
			return
		case <-tick.C:
			if d, t := job.progress(); d != last {
				last = d
				sse(w, "progress", map[string]int{"done": d, "total": t})
				flusher.Flush()
			}
		case <-r.Context().Done():
			return
		}
	}
}

// handleRecordAnalysis answers POST /api/analysis[?level=fast][&stream=1]:
// a hand record in (docs/FORMAT.md), such as one played on a device
// without a server, and its analysis out, as GET …/hands/{n}/analysis
// answers for a hand of a table. The record belongs to no table here: it
// is analysed on the same bounded pool and kept nowhere, so it enters no
// score sheet, lobby, leaderboard or daily challenge. The same record
// gives the same report (the bot's seed is the record's digest).
func (s *Server) handleRecordAnalysis(w http.ResponseWriter, r *http.Request) {
	botName, err := s.analysisBot(r.URL.Query().Get("level"))
	if err != nil {
		writeError(w, http.StatusBadRequest, "%v", err)
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxRecord))
	if err != nil {
		bodyError(w, err, "the record")
		return
	}
	rec, err := game.DecodeRecord(bytes.NewReader(body))
	if err == nil {
		_, err = game.Replay(rec)
	}
	if err != nil {
		writeRefusal(w, http.StatusBadRequest, "bad_record", game.RecordParams(err), "%s", replayError(err))
		return
	}
	sum := sha256.Sum256(body)
	seed := "record/" + hex.EncodeToString(sum[:12])
	job := s.analyses.start(seed+"/"+botName, func(j *analysisJob) ([]byte, error) {
		rep, err := analysis.Analyze(rec, analysis.Config{Bot: botName, Seat: -1, Seed: seed, Workers: 1, Bilingual: true, Progress: j.setProgress})
		if err != nil {
			return nil, err
		}
		return json.Marshal(rep)
	})
	s.answerJob(w, r, r.URL.Query().Get("stream") == "1", job)
}

// answerAnalysis sends a stored report, as JSON or as a one-event stream.
func (s *Server) answerAnalysis(w http.ResponseWriter, stream bool, rep []byte) {
	if !stream {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Cache-Control", "no-store")
		w.Write(rep)
		return
	}
	sseHeaders(w)
	sseRaw(w, "report", rep)
	if f, ok := w.(http.Flusher); ok {
		f.Flush()
	}
}

// start returns the job under key (a hand or a record, and the bot),
// starting run for it when none runs.
func (a *analyzer) start(key string, run func(j *analysisJob) ([]byte, error)) *analysisJob {
	a.mu.Lock()
	defer a.mu.Unlock()
	if j, ok := a.jobs[key]; ok {
		return j
	}
	j := &analysisJob{done: make(chan struct{})}
	a.jobs[key] = j
	go func() {
		defer func() {
			close(j.done)
			a.mu.Lock()
			delete(a.jobs, key)
			a.mu.Unlock()
		}()
		a.slots <- struct{}{}
		defer func() { <-a.slots }()
		j.report, j.err = run(j)
	}()
	return j
}

// setProgress records how many of the decisions are valued.
func (j *analysisJob) setProgress(done, total int) {
	j.mu.Lock()
	j.count = [2]int{done, total}
	j.mu.Unlock()
}

// analyse analyses one record and stores the report.
func (s *Server) analyse(id string, n int, botName string, record []byte, j *analysisJob) ([]byte, error) {
	var rec game.Record
	if err := json.Unmarshal(record, &rec); err != nil {
		return nil, err
	}
	rep, err := analysis.Analyze(&rec, analysis.Config{Bot: botName, Seat: -1, Seed: fmt.Sprintf("%s/%d", id, n), Workers: 1, Bilingual: true, Progress: j.setProgress})
	if err != nil {
		return nil, err
	}
	b, err := json.Marshal(rep)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := s.store.PutAnalysis(ctx, id, n, botName, b); err != nil && !errors.Is(err, context.Canceled) {
		s.log.Warn("storing an analysis failed (it is computed again when asked)", "table", id, "hand", n, "err", err)
	}
	return b, nil
}

func sseHeaders(w http.ResponseWriter) {
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
}

func sse(w http.ResponseWriter, event string, v any) {
	b, _ := json.Marshal(v)
	sseRaw(w, event, b)
}

// sseRaw writes one event whose data is one line of JSON.
func sseRaw(w http.ResponseWriter, event string, data []byte) {
	fmt.Fprintf(w, "event: %s\ndata: %s\n\n", event, data)
}
