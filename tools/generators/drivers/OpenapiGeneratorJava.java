// OpenAPI Generator's java client (library native): one ApiClient whose request interceptor adds
// the workspace key, and each call through its tag's API class.
//
// The matrix runs this program beside the generated client and speaks to it in JSON lines: the
// first line is the connection, each next line one call of the scenario ({"call", "args"}), and
// the program answers each with {"status", "body"}: the body as the generated models parsed it
// (serialized again by the client's own ObjectMapper), so the contract validators judge what the
// SDK hands its user.

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.vendor.client.ApiClient;
import com.vendor.client.ApiResponse;
import com.vendor.client.api.DreamsApi;
import com.vendor.client.api.MessageBatchesApi;
import com.vendor.client.api.MessagesApi;
import com.vendor.client.api.SessionsApi;
import com.vendor.client.model.DreamCreateParams;
import com.vendor.client.model.DreamInput;
import com.vendor.client.model.DreamMemoryStoreInput;
import com.vendor.client.model.DreamModel;
import com.vendor.client.model.DreamSessionsInput;
import com.vendor.client.model.MessageBatchCreateParams;
import com.vendor.client.model.MessageBatchRequest;
import com.vendor.client.model.MessageCreateParams;
import com.vendor.client.model.MessageParam;
import com.vendor.client.model.MessageUserParam;
import com.vendor.client.model.SessionCreateMemoryStoreResource;
import com.vendor.client.model.SessionCreateParams;
import com.vendor.client.model.SessionCreateResource;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

public class OpenapiGeneratorJava {
  public static void main(String[] args) throws Exception {
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    ObjectMapper json = new ObjectMapper();
    JsonNode connection = json.readTree(in.readLine());
    String version = connection.get("version").asText();
    String apiKey = connection.get("apiKey").asText();

    // The native client has no credential option: a request interceptor sends the key.
    ApiClient client = new ApiClient();
    client.updateBaseUri(connection.get("baseUrl").asText());
    client.setRequestInterceptor(request -> request.header("x-api-key", apiKey));
    ObjectMapper mapper = client.getObjectMapper();
    MessagesApi messages = new MessagesApi(client);
    MessageBatchesApi batches = new MessageBatchesApi(client);
    SessionsApi sessions = new SessionsApi(client);
    DreamsApi dreams = new DreamsApi(client);

    for (String line = in.readLine(); line != null; line = in.readLine()) {
      JsonNode request = json.readTree(line);
      JsonNode a = request.get("args");
      JsonNode inputs = a.get(0);
      ObjectNode answer = json.createObjectNode();
      try {
        ApiResponse<?> response;
        switch (request.get("call").asText()) {
          case "createMessage":
            response = messages.messagesCreateWithHttpInfo(version, message(inputs), null);
            break;
          case "createBatch": {
            MessageBatchCreateParams body = new MessageBatchCreateParams();
            // A batch request's params are a free-form map in the generated model.
            @SuppressWarnings("unchecked")
            Map<String, Object> params = mapper.convertValue(message(inputs), Map.class);
            for (JsonNode id : inputs.get("customIds")) {
              body.addRequestsItem(new MessageBatchRequest().customId(id.asText()).params(params));
            }
            response = batches.messagesBatchesCreateWithHttpInfo(version, body, null);
            break;
          }
          case "retrieveBatch":
            response = batches.messagesBatchesRetrieveWithHttpInfo(inputs.asText(), version, null);
            break;
          case "batchResults": {
            // The results are JSON lines at `results_url`, which the generated operation reads as
            // one MessageBatchResult: the client's own HTTP client (and its credential) fetches
            // the URL, and the user reads the lines.
            HttpRequest.Builder get = HttpRequest.newBuilder(URI.create(inputs.asText()))
                .header("vendor-version", version)
                .GET();
            client.getRequestInterceptor().accept(get);
            HttpResponse<String> results = client.getHttpClient().send(get.build(), HttpResponse.BodyHandlers.ofString());
            answer.put("status", results.statusCode());
            answer.put("body", results.body());
            response = null;
            break;
          }
          case "createSession": {
            SessionCreateMemoryStoreResource store = new SessionCreateMemoryStoreResource()
                .type(SessionCreateMemoryStoreResource.TypeEnum.MEMORY_STORE)
                .memoryStoreId(inputs.get("memoryStoreId").asText());
            SessionCreateParams body = new SessionCreateParams()
                .agent("agent_generator_matrix")
                .environmentId("env_generator_matrix")
                .resources(List.of(new SessionCreateResource(store)));
            response = sessions.sessionsCreateWithHttpInfo(version, inputs.get("sessionBetas").asText(), body);
            break;
          }
          case "createDream": {
            DreamCreateParams body = new DreamCreateParams()
                .model(DreamModel.fromValue(inputs.get("model").asText()))
                .inputs(List.of(
                    new DreamInput(new DreamMemoryStoreInput()
                        .type(DreamMemoryStoreInput.TypeEnum.MEMORY_STORE)
                        .memoryStoreId(inputs.get("memoryStoreId").asText())),
                    new DreamInput(new DreamSessionsInput()
                        .type(DreamSessionsInput.TypeEnum.SESSIONS)
                        .sessionIds(List.of(a.get(1).asText())))));
            response = dreams.dreamsCreateWithHttpInfo(version, inputs.get("dreamBetas").asText(), body);
            break;
          }
          case "retrieveDream":
            response = dreams.dreamsRetrieveWithHttpInfo(a.get(1).asText(), version, inputs.get("dreamBetas").asText());
            break;
          default:
            throw new IllegalArgumentException("no call " + request.get("call"));
        }
        if (response != null) {
          answer.put("status", response.getStatusCode());
          answer.set("body", mapper.valueToTree(response.getData()));
        }
      } catch (Exception e) { // the call threw: the matrix reports it as the step's problem
        answer.removeAll();
        answer.put("error", e.getClass().getSimpleName() + ": " + e.getMessage());
      }
      System.out.println(json.writeValueAsString(answer));
      System.out.flush();
    }
  }

  static MessageCreateParams message(JsonNode inputs) {
    return new MessageCreateParams()
        .model(inputs.get("model").asText())
        .maxTokens(16)
        .messages(List.of(new MessageParam(new MessageUserParam().role(MessageUserParam.RoleEnum.USER).content("Hello"))));
  }
}
