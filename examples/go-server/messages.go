package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"
)

var models = []string{"vendor-opus-4-7", "vendor-sonnet-4-6"}

// ---- Request shapes (messages, token counting, batch params). Only what the documents state is
// refused; fields and kinds they do not show are let through.

// MessageCreateParams is the body of messages.create and the params of a batch request (the
// parameters the documents show; others are not shown and are ignored).
type MessageCreateParams struct {
	Model     *string `json:"model"`
	MaxTokens *int64  `json:"max_tokens"`
	Messages  []Turn  `json:"messages"`
}

// CountTokensParams is the body of messages.count_tokens.
type CountTokensParams struct {
	Model    *string         `json:"model"`
	Messages []Turn          `json:"messages"`
	System   *string         `json:"system,omitempty"`
	Tools    []Tool          `json:"tools,omitempty"`
	Thinking *ThinkingConfig `json:"thinking,omitempty"`
}

// Turn is one conversation turn; its content is a string or an array of blocks.
type Turn struct {
	Role    string  `json:"role"`
	Content Content `json:"content"`
}

type Content struct {
	Text   *string
	Blocks []ContentBlock
}

func (c *Content) UnmarshalJSON(data []byte) error {
	switch data[0] {
	case '"':
		return json.Unmarshal(data, &c.Text)
	case '[':
		if err := json.Unmarshal(data, &c.Blocks); err != nil {
			return err
		}
		if c.Blocks == nil {
			c.Blocks = []ContentBlock{}
		}
		return nil
	}
	return errors.New("content: must be a string or an array of blocks")
}

// ContentBlock is a text, image or thinking block; other kinds are not shown and are kept as sent.
type ContentBlock struct {
	Type      string
	Text      *string
	Source    *ImageSource
	Thinking  *string
	Signature *string
	Raw       json.RawMessage
}

type ImageSource struct {
	Type      *string `json:"type"`
	MediaType *string `json:"media_type,omitempty"`
	Data      *string `json:"data,omitempty"`
}

func (b *ContentBlock) UnmarshalJSON(data []byte) error {
	var kind struct {
		Type *string `json:"type"`
	}
	if err := json.Unmarshal(data, &kind); err != nil || kind.Type == nil {
		return errors.New("a content block must be an object with a string type")
	}
	b.Type, b.Raw = *kind.Type, slices.Clone(data)
	switch b.Type {
	case "text":
		var v struct {
			Text *string `json:"text"`
		}
		err := json.Unmarshal(data, &v)
		b.Text = v.Text
		return err
	case "image":
		var v struct {
			Source *ImageSource `json:"source"`
		}
		err := json.Unmarshal(data, &v)
		b.Source = v.Source
		return err
	case "thinking":
		var v struct {
			Thinking  *string `json:"thinking"`
			Signature *string `json:"signature"`
		}
		err := json.Unmarshal(data, &v)
		b.Thinking, b.Signature = v.Thinking, v.Signature
		return err
	}
	return nil
}

// Tool is a custom tool definition; a tool with a string `type` is another kind (not shown),
// accepted as sent.
type Tool struct {
	Kind        *string
	Name        *string
	Description *string
	InputSchema *InputSchema
	Raw         json.RawMessage
}

type InputSchema struct {
	Type       *string                    `json:"type"`
	Properties map[string]json.RawMessage `json:"properties,omitempty"`
	Required   []string                   `json:"required,omitempty"`
}

func (t *Tool) UnmarshalJSON(data []byte) error {
	var v struct {
		Kind        *string      `json:"type"`
		Name        *string      `json:"name"`
		Description *string      `json:"description,omitempty"`
		InputSchema *InputSchema `json:"input_schema"`
	}
	var kind struct {
		Kind any `json:"type"`
	}
	if err := json.Unmarshal(data, &kind); err != nil {
		return errors.New("a tool must be an object")
	}
	t.Raw = slices.Clone(data)
	if s, ok := kind.Kind.(string); ok {
		t.Kind = &s
		return nil
	}
	err := json.Unmarshal(data, &v)
	t.Name, t.Description, t.InputSchema = v.Name, v.Description, v.InputSchema
	return err
}

type ThinkingConfig struct {
	Type         *string `json:"type"`
	BudgetTokens *int64  `json:"budget_tokens,omitempty"`
}

func checkTurns(turns []Turn) error {
	if turns == nil {
		return invalid("messages: required, an array of turns")
	}
	for i, turn := range turns {
		at := fmt.Sprintf("messages[%d]", i)
		if turn.Role != "user" && turn.Role != "assistant" {
			return invalid("%s.role: must be user or assistant", at)
		}
		if turn.Content.Text == nil && turn.Content.Blocks == nil {
			return invalid("%s.content: required, a string or an array of blocks", at)
		}
		for j, block := range turn.Content.Blocks {
			if err := checkBlock(block, turn.Role, fmt.Sprintf("%s.content[%d]", at, j)); err != nil {
				return err
			}
		}
	}
	return nil
}

var base64Pattern = regexp.MustCompile(`^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$`)

func checkBlock(b ContentBlock, role, at string) error {
	switch b.Type {
	case "text":
		if b.Text == nil {
			return invalid("%s.text: required, a string", at)
		}
	case "image":
		if b.Source == nil || b.Source.Type == nil {
			return invalid("%s.source: required, an object with a string type", at)
		}
		if *b.Source.Type == "base64" {
			if b.Source.MediaType == nil {
				return invalid("%s.source.media_type: required, a string", at)
			}
			if b.Source.Data == nil || !base64Pattern.MatchString(*b.Source.Data) {
				return invalid("%s.source.data: required, a base64 string", at)
			}
		}
	case "thinking":
		if role != "assistant" {
			return invalid("%s: thinking blocks belong to assistant turns only", at)
		}
		if b.Thinking == nil || b.Signature == nil {
			return invalid("%s: thinking and signature are required strings", at)
		}
	}
	return nil
}

func checkModel(model *string) error {
	if model == nil {
		return invalid("model: required, a string")
	}
	if !slices.Contains(models, *model) {
		return notFound("model: unknown model %q; this server knows %s", *model, strings.Join(models, ", "))
	}
	return nil
}

// checkCreate checks messages.create (minMaxTokens 0) and a batch request's params (1).
func checkCreate(p *MessageCreateParams, minMaxTokens int64) error {
	if p.MaxTokens == nil || *p.MaxTokens < minMaxTokens {
		return invalid("max_tokens: required, an integer of at least %d", minMaxTokens)
	}
	if err := checkTurns(p.Messages); err != nil {
		return err
	}
	return checkModel(p.Model)
}

func checkCount(p *CountTokensParams) error {
	if err := checkTurns(p.Messages); err != nil {
		return err
	}
	for i, tool := range p.Tools {
		if tool.Kind != nil {
			continue
		}
		at := fmt.Sprintf("tools[%d]", i)
		if tool.Name == nil {
			return invalid("%s.name: required, a string", at)
		}
		if tool.InputSchema == nil || tool.InputSchema.Type == nil || *tool.InputSchema.Type != "object" {
			return invalid("%s.input_schema: must be an object schema ({type: object, ...})", at)
		}
	}
	if t := p.Thinking; t != nil {
		if t.Type == nil {
			return invalid("thinking: must be an object with a string type")
		}
		if *t.Type == "enabled" && (t.BudgetTokens == nil || *t.BudgetTokens < 0) {
			return invalid("thinking.budget_tokens: required, a non-negative integer")
		}
	}
	return checkModel(p.Model)
}

// ---- The stand-in model: words and punctuation are tokens (a long word counts one token per
// four characters); each turn adds 3. The same function counts for count_tokens and for usage.

// Message is the answer of messages.create.
type Message struct {
	ID         string      `json:"id"`
	Type       string      `json:"type"`
	Role       string      `json:"role"`
	Content    []TextBlock `json:"content"`
	Model      string      `json:"model"`
	StopReason string      `json:"stop_reason"`
	Usage      Usage       `json:"usage"`
}

type TextBlock struct {
	Type string `json:"type"`
	Text string `json:"text"`
}

type Usage struct {
	InputTokens  int64 `json:"input_tokens"`
	OutputTokens int64 `json:"output_tokens"`
}

// TokenCount is the answer of messages.count_tokens.
type TokenCount struct {
	InputTokens int64 `json:"input_tokens"`
}

var tokenPattern = regexp.MustCompile(`\w+|[^\w\s]`)

func tokens(text string) int64 {
	var n int64
	for _, t := range tokenPattern.FindAllString(text, -1) {
		n += int64(utf8.RuneCountInString(t)+3) / 4
	}
	return n
}

func inputTokens(turns []Turn, system *string, tools []Tool, bug string) int64 {
	var n int64
	for i, turn := range turns {
		n += 3
		if turn.Content.Text != nil {
			n += tokens(*turn.Content.Text)
			continue
		}
		current := i == len(turns)-1 && turn.Role == "assistant"
		for _, block := range turn.Content.Blocks {
			switch block.Type {
			case "text":
				n += tokens(*block.Text)
			case "thinking":
				// Thinking of earlier assistant turns is ignored; in the current one it counts.
				if current || bug == "earlier-thinking-counted" {
					n += 1 + tokens(*block.Thinking)
				}
			case "image":
				source, _ := json.Marshal(block.Source)
				n += 16 + int64(len(source)/64)
			default:
				n += tokens(string(block.Raw))
			}
		}
	}
	if system != nil {
		n += 1 + tokens(*system)
	}
	for _, tool := range tools {
		n += 2 + tokens(string(tool.Raw))
	}
	return n
}

// standInMessage is a deterministic reply: a fixed sentence cut to max_tokens tokens.
func standInMessage(p *MessageCreateParams, bug string) Message {
	words := strings.Fields(fmt.Sprintf("This is a stand-in reply from %s to a conversation of %d turns.", *p.Model, len(p.Messages)))
	text, output := "", int64(0)
	for _, word := range words {
		candidate := strings.TrimSpace(text + " " + word)
		if tokens(candidate) > *p.MaxTokens {
			break
		}
		text, output = candidate, tokens(candidate)
	}
	content, stop := []TextBlock{}, "max_tokens"
	if text != "" {
		content = append(content, TextBlock{Type: "text", Text: text})
	}
	if text == strings.Join(words, " ") {
		stop = "end_turn"
	}
	return Message{
		ID: "msg_" + randomHex(12), Type: "message", Role: "assistant", Content: content,
		Model: *p.Model, StopReason: stop,
		Usage: Usage{InputTokens: inputTokens(p.Messages, nil, nil, bug), OutputTokens: output},
	}
}

func opMessagesCreate(s *State, c *call) (any, error) {
	var p MessageCreateParams
	if err := decodeJSON(c.body, &p); err != nil {
		return nil, err
	}
	if err := checkCreate(&p, 0); err != nil {
		return nil, err
	}
	return standInMessage(&p, s.bug), nil
}

func opCountTokens(s *State, c *call) (any, error) {
	var p CountTokensParams
	if err := decodeJSON(c.body, &p); err != nil {
		return nil, err
	}
	if err := checkCount(&p); err != nil {
		return nil, err
	}
	return TokenCount{InputTokens: inputTokens(p.Messages, p.System, p.Tools, s.bug)}, nil
}

// isObject tells whether a raw JSON value is an object.
func isObject(raw json.RawMessage) bool {
	raw = bytes.TrimSpace(raw)
	return len(raw) > 0 && raw[0] == '{'
}
