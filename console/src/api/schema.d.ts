// Generated from the served OpenAPI document by console/test/api-schema.test.ts; do not edit.
// Regenerate: CUSTOS_UPDATE_API_SCHEMA=1 npx vitest run console/test/api-schema.test.ts
export interface paths {
    "/api/v1/incidents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    status?: string;
                    severity?: string;
                    channel?: string;
                    search?: string;
                    username?: string;
                    policy_id?: string;
                    device?: string;
                    open_only?: boolean;
                    assignee?: string;
                    created_since?: string;
                    created_until?: string;
                    sort?: string;
                    action?: string;
                    category?: string;
                    min_risk?: number;
                    enforcement?: string;
                    sla?: string;
                    file_state?: string;
                    origin?: string;
                    person?: string;
                    anomaly?: string;
                    regime?: string;
                    limit?: number;
                    offset?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                id: string;
                                reference: string;
                                title: string;
                                severity: string;
                                status: string;
                                row_version: number;
                                priority_score: number;
                                priority_factors: {
                                    name: string;
                                    value: number;
                                    weight: number;
                                    contribution: number;
                                }[];
                                risk_score: number;
                                department: string | null;
                                department_source: string | null;
                                disposition: string | null;
                                response_met: boolean | null;
                                resolution_met: boolean | null;
                                synthetic: boolean;
                                channel: string;
                                hostname: string | null;
                                username: string | null;
                                names_hidden: boolean;
                                policy_id: string | null;
                                policy_name: string | null;
                                assignee_email: string | null;
                                event_count: number;
                                match_count: number;
                                action: string;
                                requested_action: string;
                                evaluated_offline: boolean;
                                /** Format: date-time */
                                created_at: string;
                                /** Format: date-time */
                                first_seen_at: string;
                                /** Format: date-time */
                                last_seen_at: string;
                            }[];
                            names_hidden: boolean;
                            total: number;
                            limit: number;
                            offset: number;
                            sort: string;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/incidents/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            reference: string;
                            title: string;
                            severity: string;
                            status: string;
                            row_version: number;
                            priority_score: number;
                            priority_factors: {
                                name: string;
                                value: number;
                                weight: number;
                                contribution: number;
                            }[];
                            risk_score: number;
                            department: string | null;
                            department_source: string | null;
                            disposition: string | null;
                            response_met: boolean | null;
                            resolution_met: boolean | null;
                            synthetic: boolean;
                            channel: string;
                            hostname: string | null;
                            username: string | null;
                            names_hidden: boolean;
                            policy_id: string | null;
                            policy_name: string | null;
                            assignee_email: string | null;
                            event_count: number;
                            match_count: number;
                            action: string;
                            requested_action: string;
                            evaluated_offline: boolean;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            first_seen_at: string;
                            /** Format: date-time */
                            last_seen_at: string;
                            department_reason: string | null;
                            justifications: {
                                result: string;
                                kind: string;
                                category: string | null;
                                text: string | null;
                                text_withheld: string | null;
                                not_asked_reason: string | null;
                                rule_problems: string[];
                                operations: number;
                                burst_operations: number;
                                held_operations: number;
                                /** Format: date-time */
                                first_at: string;
                                /** Format: date-time */
                                last_at: string;
                            }[];
                            justifications_total: number;
                            confidence: number | null;
                            process_name: string | null;
                            file_mime: string | null;
                            file_owner_sid: string | null;
                            file_owner_name: string | null;
                            triaged_at: string | null;
                            resolved_at: string | null;
                            risk_factors: {
                                name: string;
                                points: number;
                            }[];
                            risk_model_version: string | null;
                            open: boolean;
                            device_id: string;
                            file_path: string | null;
                            file_name: string | null;
                            file_size_bytes: number | null;
                            policy_version: number | null;
                            superseded_policy_ids: string[];
                            matched_policies: {
                                policy_id: string;
                                name: string | null;
                                applied_events: number;
                                superseded_events: number;
                            }[];
                            locations: {
                                path: string;
                                state: string;
                                /** Format: date-time */
                                first_seen_at: string;
                                /** Format: date-time */
                                last_seen_at: string;
                                moved_at: string | null;
                                moved_to: string | null;
                                departure: string | null;
                            }[];
                            locations_total: number;
                            not_read: {
                                cause: string | null;
                                reason: string | null;
                                file_name: string | null;
                                partial_events: number;
                            } | null;
                            removable_devices: {
                                device_class: string | null;
                                serial: string | null;
                                vendor: string | null;
                                model: string | null;
                            }[];
                            detector_summaries: {
                                detector_id: string;
                                category: string | null;
                                match_count: number;
                                events: number;
                                previews: string[] | null;
                                snippets: string[] | null;
                            }[];
                            previews_withheld: boolean;
                            resolution: string | null;
                            closed_at: string | null;
                            enforcement: {
                                requested_action: string;
                                applied_action: string;
                                result: string;
                                reduced_events: number;
                            };
                            allowed_transitions: string[];
                            history: {
                                id: string;
                                /** Format: date-time */
                                at: string;
                                actor_type: string;
                                actor_id: string | null;
                                actor_email: string | null;
                                kind: string;
                                from: string | null;
                                to: string | null;
                                disposition: string | null;
                                note: string | null;
                                request_id: string | null;
                                correlation_id: string | null;
                            }[];
                            history_total: number;
                            accepted_until: string | null;
                            pending_close: {
                                id: string;
                                target: string;
                                from_status: string;
                                disposition: string;
                                resolution: string;
                                note: string | null;
                                accepted_until: string | null;
                                requested_by_id: string;
                                requested_by_email: string | null;
                                /** Format: date-time */
                                requested_at: string;
                                state: string;
                                decided_by_id: string | null;
                                decided_at: string | null;
                                decision_note: string | null;
                            } | null;
                            related: {
                                id: string;
                                reference: string;
                                title: string;
                                severity: string;
                                status: string;
                                note: string | null;
                                /** Format: date-time */
                                linked_at: string;
                                linked_by_email: string | null;
                            }[];
                            sla: {
                                response_target_minutes: number | null;
                                response_due_at: string | null;
                                responded_at: string | null;
                                response_met: boolean | null;
                                resolution_target_minutes: number | null;
                                resolution_due_at: string | null;
                                resolved_at: string | null;
                                resolution_met: boolean | null;
                                awaiting_user_minutes: number;
                                clock_stopped: boolean;
                            };
                            detector_feedback: {
                                detector_id: string;
                                detector_version: number;
                                verdict: string;
                                reason: string | null;
                                note: string | null;
                                given_by_email: string | null;
                                /** Format: date-time */
                                given_at: string;
                            }[];
                            pending_question: {
                                id: string;
                                question: string;
                                /** Format: date-time */
                                asked_at: string;
                                /** Format: date-time */
                                lapses_at: string;
                                lapsed: boolean;
                            } | null;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/incidents/{id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                id: string;
                                /** Format: date-time */
                                occurred_at: string;
                                occurred_at_reported: string | null;
                                /** Format: date-time */
                                received_at: string;
                                channel: string;
                                action: string;
                                requested_action: string;
                                enforcement: string;
                                severity: string | null;
                                evaluated_offline: boolean;
                                decided_by_policy_id: string | null;
                                matched_policy_ids: string[];
                                superseded_policy_ids: string[];
                                policy_version: number | null;
                                user_name: string | null;
                                user_reference: string | null;
                                hostname: string | null;
                                file_path: string | null;
                                file_name: string | null;
                                file_size_bytes: number | null;
                                from_path: string | null;
                                departure: string | null;
                                file_mark_zone: number | null;
                                file_mark_host: string | null;
                                file_mark_referrer_host: string | null;
                                detectors: {
                                    detector_id: string;
                                    category: string | null;
                                    match_count: number;
                                    detector_version?: number;
                                    validated_count?: number;
                                    max_confidence?: number;
                                }[];
                                explanation: {
                                    code: string | null;
                                    text: string | null;
                                }[];
                                not_read: {
                                    cause: string | null;
                                    reason: string | null;
                                } | null;
                                removable_device: {
                                    device_class: string | null;
                                    serial: string | null;
                                    vendor: string | null;
                                    model: string | null;
                                } | null;
                                print_job: {
                                    printer: string | null;
                                    port: string | null;
                                    submitted_from: string | null;
                                    pages: number | null;
                                    copies: number | null;
                                    duplex: boolean | null;
                                    withheld_fields: string[];
                                } | null;
                                process_detail: {
                                    executable_path: string | null;
                                    executable_hash: string | null;
                                    signed_publisher: string | null;
                                    signature: string | null;
                                    integrity_level: string | null;
                                    withheld_fields: string[];
                                } | null;
                                connection: {
                                    application: string | null;
                                    address: string;
                                    port: number | null;
                                    withheld_fields: string[];
                                } | null;
                                label_applied: {
                                    value: string;
                                    policy_id: string | null;
                                    outcome: string;
                                } | null;
                            }[];
                            total: number;
                            limit: number;
                            offset: number;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/incidents/{id}/locations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                path: string;
                                state: string;
                                /** Format: date-time */
                                first_seen_at: string;
                                /** Format: date-time */
                                last_seen_at: string;
                                moved_at: string | null;
                                moved_to: string | null;
                                departure: string | null;
                            }[];
                            total: number;
                            limit: number;
                            offset: number;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/incidents/{id}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        status: "triaged" | "investigating" | "awaiting_user" | "closed" | "false_positive" | "accepted_risk";
                        resolution?: string;
                        note?: string;
                        disposition?: "confirmed_violation" | "business_need" | "coached_mistake" | "benign" | "false_positive" | "detector_error";
                        expected_version?: number;
                        question?: string;
                        /** Format: date-time */
                        accepted_until?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            reference: string;
                            title: string;
                            severity: string;
                            status: string;
                            row_version: number;
                            priority_score: number;
                            priority_factors: {
                                name: string;
                                value: number;
                                weight: number;
                                contribution: number;
                            }[];
                            risk_score: number;
                            department: string | null;
                            department_source: string | null;
                            disposition: string | null;
                            response_met: boolean | null;
                            resolution_met: boolean | null;
                            synthetic: boolean;
                            channel: string;
                            hostname: string | null;
                            username: string | null;
                            names_hidden: boolean;
                            policy_id: string | null;
                            policy_name: string | null;
                            assignee_email: string | null;
                            event_count: number;
                            match_count: number;
                            action: string;
                            requested_action: string;
                            evaluated_offline: boolean;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            first_seen_at: string;
                            /** Format: date-time */
                            last_seen_at: string;
                            open: boolean;
                            resolution: string | null;
                            closed_at: string | null;
                            allowed_transitions: string[];
                            accepted_until: string | null;
                        };
                    };
                };
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            status: string;
                            pending_close: {
                                id: string;
                                target: string;
                                from_status: string;
                                disposition: string;
                                resolution: string;
                                note: string | null;
                                accepted_until: string | null;
                                requested_by_id: string;
                                requested_by_email: string | null;
                                /** Format: date-time */
                                requested_at: string;
                                state: string;
                                decided_by_id: string | null;
                                decided_at: string | null;
                                decision_note: string | null;
                            };
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/incidents/{id}/assign": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        assignee_email: string | null;
                        expected_version?: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            reference: string;
                            title: string;
                            severity: string;
                            status: string;
                            row_version: number;
                            priority_score: number;
                            priority_factors: {
                                name: string;
                                value: number;
                                weight: number;
                                contribution: number;
                            }[];
                            risk_score: number;
                            department: string | null;
                            department_source: string | null;
                            disposition: string | null;
                            response_met: boolean | null;
                            resolution_met: boolean | null;
                            synthetic: boolean;
                            channel: string;
                            hostname: string | null;
                            username: string | null;
                            names_hidden: boolean;
                            policy_id: string | null;
                            policy_name: string | null;
                            assignee_email: string | null;
                            event_count: number;
                            match_count: number;
                            action: string;
                            requested_action: string;
                            evaluated_offline: boolean;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            first_seen_at: string;
                            /** Format: date-time */
                            last_seen_at: string;
                            open: boolean;
                            resolution: string | null;
                            closed_at: string | null;
                            allowed_transitions: string[];
                            accepted_until: string | null;
                            changed: boolean;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/incidents/assignees": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    incident?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            email: string;
                            display_name: string | null;
                        }[];
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/incidents/{id}/comments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                id: string;
                                author_id: string | null;
                                author_email: string | null;
                                body: string;
                                from_person: boolean;
                                /** Format: date-time */
                                created_at: string;
                            }[];
                            total: number;
                            limit: number;
                            offset: number;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        body: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            author_id: string | null;
                            author_email: string | null;
                            body: string;
                            from_person: boolean;
                            /** Format: date-time */
                            created_at: string;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/incidents/{id}/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                id: string;
                                /** Format: date-time */
                                at: string;
                                actor_type: string;
                                actor_id: string | null;
                                actor_email: string | null;
                                kind: string;
                                from: string | null;
                                to: string | null;
                                disposition: string | null;
                                note: string | null;
                                request_id: string | null;
                                correlation_id: string | null;
                            }[];
                            total: number;
                            limit: number;
                            offset: number;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/incidents/{id}/closure/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        note?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            reference: string;
                            title: string;
                            severity: string;
                            status: string;
                            row_version: number;
                            priority_score: number;
                            priority_factors: {
                                name: string;
                                value: number;
                                weight: number;
                                contribution: number;
                            }[];
                            risk_score: number;
                            department: string | null;
                            department_source: string | null;
                            disposition: string | null;
                            response_met: boolean | null;
                            resolution_met: boolean | null;
                            synthetic: boolean;
                            channel: string;
                            hostname: string | null;
                            username: string | null;
                            names_hidden: boolean;
                            policy_id: string | null;
                            policy_name: string | null;
                            assignee_email: string | null;
                            event_count: number;
                            match_count: number;
                            action: string;
                            requested_action: string;
                            evaluated_offline: boolean;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            first_seen_at: string;
                            /** Format: date-time */
                            last_seen_at: string;
                            open: boolean;
                            resolution: string | null;
                            closed_at: string | null;
                            allowed_transitions: string[];
                            accepted_until: string | null;
                            close_request: {
                                id: string;
                                target: string;
                                from_status: string;
                                disposition: string;
                                resolution: string;
                                note: string | null;
                                accepted_until: string | null;
                                requested_by_id: string;
                                requested_by_email: string | null;
                                /** Format: date-time */
                                requested_at: string;
                                state: string;
                                decided_by_id: string | null;
                                decided_at: string | null;
                                decision_note: string | null;
                            };
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/incidents/{id}/closure/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        note?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            reference: string;
                            title: string;
                            severity: string;
                            status: string;
                            row_version: number;
                            priority_score: number;
                            priority_factors: {
                                name: string;
                                value: number;
                                weight: number;
                                contribution: number;
                            }[];
                            risk_score: number;
                            department: string | null;
                            department_source: string | null;
                            disposition: string | null;
                            response_met: boolean | null;
                            resolution_met: boolean | null;
                            synthetic: boolean;
                            channel: string;
                            hostname: string | null;
                            username: string | null;
                            names_hidden: boolean;
                            policy_id: string | null;
                            policy_name: string | null;
                            assignee_email: string | null;
                            event_count: number;
                            match_count: number;
                            action: string;
                            requested_action: string;
                            evaluated_offline: boolean;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            first_seen_at: string;
                            /** Format: date-time */
                            last_seen_at: string;
                            open: boolean;
                            resolution: string | null;
                            closed_at: string | null;
                            allowed_transitions: string[];
                            accepted_until: string | null;
                            close_request: {
                                id: string;
                                target: string;
                                from_status: string;
                                disposition: string;
                                resolution: string;
                                note: string | null;
                                accepted_until: string | null;
                                requested_by_id: string;
                                requested_by_email: string | null;
                                /** Format: date-time */
                                requested_at: string;
                                state: string;
                                decided_by_id: string | null;
                                decided_at: string | null;
                                decision_note: string | null;
                            };
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/incidents/{id}/closure/withdraw": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        note?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            reference: string;
                            title: string;
                            severity: string;
                            status: string;
                            row_version: number;
                            priority_score: number;
                            priority_factors: {
                                name: string;
                                value: number;
                                weight: number;
                                contribution: number;
                            }[];
                            risk_score: number;
                            department: string | null;
                            department_source: string | null;
                            disposition: string | null;
                            response_met: boolean | null;
                            resolution_met: boolean | null;
                            synthetic: boolean;
                            channel: string;
                            hostname: string | null;
                            username: string | null;
                            names_hidden: boolean;
                            policy_id: string | null;
                            policy_name: string | null;
                            assignee_email: string | null;
                            event_count: number;
                            match_count: number;
                            action: string;
                            requested_action: string;
                            evaluated_offline: boolean;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            first_seen_at: string;
                            /** Format: date-time */
                            last_seen_at: string;
                            open: boolean;
                            resolution: string | null;
                            closed_at: string | null;
                            allowed_transitions: string[];
                            accepted_until: string | null;
                            close_request: {
                                id: string;
                                target: string;
                                from_status: string;
                                disposition: string;
                                resolution: string;
                                note: string | null;
                                accepted_until: string | null;
                                requested_by_id: string;
                                requested_by_email: string | null;
                                /** Format: date-time */
                                requested_at: string;
                                state: string;
                                decided_by_id: string | null;
                                decided_at: string | null;
                                decision_note: string | null;
                            };
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/settings/incident-closure": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        second_person_accepted_risk: boolean;
                        second_person_critical: boolean;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            second_person_accepted_risk: boolean;
                            second_person_critical: boolean;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/incidents/single-person-closures": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                incident_id: string;
                                reference: string;
                                kind: string;
                                severity: string;
                                disposition: string;
                                closed_by_id: string | null;
                                closed_by_email: string | null;
                                /** Format: date-time */
                                closed_at: string;
                            }[];
                            total: number;
                            limit: number;
                            offset: number;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/incidents/{id}/links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        related: string;
                        note?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            reference: string;
                            row_version: number;
                            related: {
                                id: string;
                                reference: string;
                                title: string;
                                severity: string;
                                status: string;
                                note: string | null;
                                /** Format: date-time */
                                linked_at: string;
                                linked_by_email: string | null;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/incidents/{id}/related-suggestions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            person_policy_days: number;
                            endpoint_minutes: number;
                            items: {
                                id: string;
                                reference: string;
                                title: string;
                                severity: string;
                                status: string;
                                /** Format: date-time */
                                created_at: string;
                                reasons: string[];
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/incidents/{id}/links/{related_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: {
            parameters: {
                query: {
                    reason: string;
                };
                header?: never;
                path: {
                    id: string;
                    related_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            reference: string;
                            row_version: number;
                            related: {
                                id: string;
                                reference: string;
                                title: string;
                                severity: string;
                                status: string;
                                note: string | null;
                                /** Format: date-time */
                                linked_at: string;
                                linked_by_email: string | null;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/incidents/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    status?: string;
                    severity?: string;
                    channel?: string;
                    search?: string;
                    username?: string;
                    policy_id?: string;
                    device?: string;
                    open_only?: boolean;
                    assignee?: string;
                    created_since?: string;
                    created_until?: string;
                    sort?: string;
                    action?: string;
                    category?: string;
                    min_risk?: number;
                    enforcement?: string;
                    sla?: string;
                    file_state?: string;
                    origin?: string;
                    person?: string;
                    anomaly?: string;
                    regime?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description CSV, one header line then one line per incident in the list order */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/csv": string;
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/incidents/{id}/evidence": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        justification?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            incident_id: string;
                            /** Format: date-time */
                            opened_at: string;
                            /** Format: date-time */
                            expires_at: string;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/incidents/{id}/evidence-files": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            incident_id: string;
                            items: {
                                id: string;
                                event_id: string;
                                size_bytes: number | null;
                                state: string;
                                withheld_reason: string | null;
                                stored_at: string | null;
                                expires_at: string | null;
                                deleted_at: string | null;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/incidents/{id}/evidence-files/{file_id}/download": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    file_id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        justification?: string;
                    };
                };
            };
            responses: {
                /** @description the file bytes as the agent read them, as an attachment */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/octet-stream": string;
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/settings/test-folders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            folders: {
                                path: string;
                                added_by_email: string | null;
                                /** Format: date-time */
                                added_at: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        folders: string[];
                        reason: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            folders: {
                                path: string;
                                added_by_email: string | null;
                                /** Format: date-time */
                                added_at: string;
                            }[];
                            changed: boolean;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/settings/test-folders/apply": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        reason: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            marked: number;
                            folders: number;
                            skipped_self: number;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/incidents/test-folder-suggestion": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            folder: string;
                            open: number;
                            of_open: number;
                        } | null;
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/incidents/{id}/synthetic": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        synthetic: boolean;
                        reason: string;
                        expected_version?: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            reference: string;
                            row_version: number;
                            synthetic: boolean;
                            synthetic_by: string | null;
                            changed: boolean;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/incidents/{id}/detector-feedback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        detector_id: string;
                        detector_version: number;
                        verdict: "false_positive" | "true_positive";
                        reason?: "not_sensitive" | "test_or_sample_data" | "public_information" | "wrong_data_type" | "validator_should_fail" | "other";
                        note?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            reference: string;
                            changed: boolean;
                            detector_feedback: {
                                detector_id: string;
                                detector_version: number;
                                verdict: string;
                                reason: string | null;
                                note: string | null;
                                given_by_email: string | null;
                                /** Format: date-time */
                                given_at: string;
                            }[];
                            record: {
                                detector_id: string;
                                detector_version: number;
                                false_positives: number;
                                true_positives: number;
                            };
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/settings/incident-response": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        critical_minutes?: number;
                        high_minutes?: number;
                        medium_minutes?: number;
                        low_minutes?: number;
                        resolution_critical_minutes?: number;
                        resolution_high_minutes?: number;
                        resolution_medium_minutes?: number;
                        resolution_low_minutes?: number;
                        reason: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            critical_minutes: number;
                            high_minutes: number;
                            medium_minutes: number;
                            low_minutes: number;
                            resolution_critical_minutes: number;
                            resolution_high_minutes: number;
                            resolution_medium_minutes: number;
                            resolution_low_minutes: number;
                            updated_at: string | null;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/settings/incident-names": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            names_hidden: boolean;
                            updated_at: string | null;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        names_hidden: boolean;
                        reason: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            names_hidden: boolean;
                            updated_at: string | null;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/incident-assignment-rules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                id: string;
                                name: string;
                                policy_id: string | null;
                                channel: string | null;
                                min_severity: string | null;
                                department: string | null;
                                assignee_email: string;
                                enabled: boolean;
                                position: number;
                                /** Format: date-time */
                                created_at: string;
                                /** Format: date-time */
                                updated_at: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                        policy_id?: string | null;
                        channel?: ("removable_storage" | "browser_upload" | "cloud_storage" | "mobile_device" | "optical_disc" | "bluetooth" | "file_open" | "file_delete" | "file_create" | "file_modify" | "file_rename" | "archive_create" | "discovery" | "print" | "clipboard" | "cloud_sync_folder" | "network_connection") | null;
                        min_severity?: ("critical" | "high" | "medium" | "low" | "info") | null;
                        department?: string | null;
                        /** Format: email */
                        assignee_email: string;
                        enabled?: boolean;
                        position?: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            name: string;
                            policy_id: string | null;
                            channel: string | null;
                            min_severity: string | null;
                            department: string | null;
                            assignee_email: string;
                            enabled: boolean;
                            position: number;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/incident-assignment-rules/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name?: string;
                        policy_id?: string | null;
                        channel?: ("removable_storage" | "browser_upload" | "cloud_storage" | "mobile_device" | "optical_disc" | "bluetooth" | "file_open" | "file_delete" | "file_create" | "file_modify" | "file_rename" | "archive_create" | "discovery" | "print" | "clipboard" | "cloud_sync_folder" | "network_connection") | null;
                        min_severity?: ("critical" | "high" | "medium" | "low" | "info") | null;
                        department?: string | null;
                        /** Format: email */
                        assignee_email?: string;
                        enabled?: boolean;
                        position?: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            name: string;
                            policy_id: string | null;
                            channel: string | null;
                            min_severity: string | null;
                            department: string | null;
                            assignee_email: string;
                            enabled: boolean;
                            position: number;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/incident-playbooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                id: string;
                                name: string;
                                policy_id: string | null;
                                steps: {
                                    title: string;
                                    link: string | null;
                                }[];
                                enabled: boolean;
                                /** Format: date-time */
                                created_at: string;
                                /** Format: date-time */
                                updated_at: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                        policy_id?: string | null;
                        steps: {
                            title: string;
                            link?: string | null;
                        }[];
                        enabled?: boolean;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            name: string;
                            policy_id: string | null;
                            steps: {
                                title: string;
                                link: string | null;
                            }[];
                            enabled: boolean;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/incident-playbooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name?: string;
                        policy_id?: string | null;
                        enabled?: boolean;
                        steps?: unknown;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            name: string;
                            policy_id: string | null;
                            steps: {
                                title: string;
                                link: string | null;
                            }[];
                            enabled: boolean;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/incidents/{id}/playbook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            incident_id: string;
                            playbook: {
                                id: string;
                                name: string;
                                policy_id: string | null;
                                done: number;
                                steps: {
                                    n: number;
                                    title: string;
                                    link: string | null;
                                    done: boolean;
                                    done_at: string | null;
                                    done_by_email: string | null;
                                }[];
                            } | null;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/incidents/{id}/playbook/steps/{n}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    n: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: uuid */
                        playbook_id: string;
                        done: boolean;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            incident_id: string;
                            playbook: {
                                id: string;
                                name: string;
                                policy_id: string | null;
                                done: number;
                                steps: {
                                    n: number;
                                    title: string;
                                    link: string | null;
                                    done: boolean;
                                    done_at: string | null;
                                    done_by_email: string | null;
                                }[];
                            } | null;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/incidents/groups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    days?: number;
                    open_only?: boolean;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            days: number;
                            open_only: boolean;
                            truncated: boolean;
                            groups_withheld: number;
                            people_excluded_from_naming: number;
                            items: {
                                person: string | null;
                                policy_id: string | null;
                                policy_name: string | null;
                                incidents: number;
                                open: number;
                                events: number;
                                severity: string;
                                /** Format: date-time */
                                first_created_at: string;
                                /** Format: date-time */
                                last_created_at: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/incidents/bursts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            gap_minutes: number;
                            window_days: number;
                            truncated: boolean;
                            bursts_withheld: number;
                            items: {
                                person: string;
                                device_id: string;
                                hostname: string | null;
                                policy_id: string;
                                policy_name: string | null;
                                channel: string;
                                incidents: number;
                                open: number;
                                /** Format: date-time */
                                first_seen_at: string;
                                /** Format: date-time */
                                last_seen_at: string;
                                incident_ids: string[];
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/coverage-gaps": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            window_days: number;
                            truncated: boolean;
                            gaps: {
                                policy_id: string | null;
                                policy_name: string | null;
                                channel: string;
                                device_id: string;
                                hostname: string | null;
                                requested_action: string;
                                applied_action: string;
                                incidents: number;
                                events: number;
                                /** Format: date-time */
                                last_seen: string;
                                reason: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/incidents/bulk": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        idempotency_key: string;
                        action: "assign" | "status" | "mark_test" | "relate";
                        items: {
                            /** Format: uuid */
                            id: string;
                            row_version: number;
                        }[];
                        assignee_email?: string | null;
                        status?: "triaged" | "investigating" | "awaiting_user" | "closed" | "false_positive" | "accepted_risk";
                        resolution?: string;
                        note?: string;
                        disposition?: "confirmed_violation" | "business_need" | "coached_mistake" | "benign" | "false_positive" | "detector_error";
                        reason?: string;
                        related?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            idempotency_key: string;
                            correlation_id: string;
                            action: string;
                            replayed: boolean;
                            counts: {
                                updated: number;
                                unchanged: number;
                                stale: number;
                                unavailable: number;
                                refused: number;
                                total: number;
                            };
                            items: {
                                id: string;
                                /** @enum {string} */
                                outcome: "updated" | "unchanged" | "stale" | "unavailable" | "refused";
                                row_version: number | null;
                                reason: string | null;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        tenant: string;
                        email: string;
                        password: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            token: string;
                            /** Format: date-time */
                            expires_at: string;
                            user: {
                                id: string;
                                email: string;
                                display_name: string | null;
                                role: string;
                            };
                            /** Format: date-time */
                            second_factor_due_by?: string;
                            recovery_codes?: string[];
                        } | {
                            next: "second_factor" | "enrol";
                            challenge: string;
                            /** Format: date-time */
                            expires_at: string;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/second-factor": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            applies: boolean;
                            enrolled: boolean;
                            confirmed_at: string | null;
                            recovery_codes_left: number;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/second-factor/enrol": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            secret: string;
                            otpauth_uri: string;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/second-factor/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        code: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            recovery_codes: string[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/login/second-factor": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        challenge: string;
                        code?: string;
                        recovery_code?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            token: string;
                            /** Format: date-time */
                            expires_at: string;
                            user: {
                                id: string;
                                email: string;
                                display_name: string | null;
                                role: string;
                            };
                            /** Format: date-time */
                            second_factor_due_by?: string;
                            recovery_codes?: string[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/login/enrol": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        challenge: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            secret: string;
                            otpauth_uri: string;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/login/enrol/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        challenge: string;
                        code: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            token: string;
                            /** Format: date-time */
                            expires_at: string;
                            user: {
                                id: string;
                                email: string;
                                display_name: string | null;
                                role: string;
                            };
                            /** Format: date-time */
                            second_factor_due_by?: string;
                            recovery_codes?: string[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/settings/second-factor": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            required: boolean;
                            since: string | null;
                            grace_days: number;
                            due_by: string | null;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        required: boolean;
                        grace_days: number;
                        reason: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            required: boolean;
                            since: string | null;
                            grace_days: number;
                            due_by: string | null;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            user_id: string;
                            tenant_id: string;
                            email: string;
                            display_name: string | null;
                            role: string;
                            custom_role: {
                                id: string;
                                name: string | null;
                            } | null;
                            permissions: string[];
                            incident_scoped: boolean;
                            auth: string;
                            timezone: string;
                            date_format: string;
                            time_format: string;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/activity": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/step-up": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        purpose: "role_change" | "sign_in_settings" | "second_factor" | "policy_release" | "enforcement_bypass" | "incident_delivery" | "evidence_file" | "enrollment_token";
                        password?: string;
                        code?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            purpose: string;
                            /** Format: date-time */
                            expires_at: string;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/settings/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            idle_minutes: number;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        idle_minutes: number;
                        reason: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            idle_minutes: number;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                id?: string;
                                email?: string;
                                display_name?: string | null;
                                role?: string;
                                custom_role_id?: string | null;
                                custom_role_name?: string | null;
                                status?: string;
                                department?: string | null;
                                federated?: boolean;
                                last_login_at?: string | null;
                                /** Format: date-time */
                                created_at?: string;
                                invitation?: string | null;
                                invited?: boolean;
                                has_password?: boolean;
                                locked_until?: string | null;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        email: string;
                        role: string;
                        display_name?: string;
                        department?: string;
                        outside_domain_confirmed?: boolean;
                        custom_role_id?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            user_id: string;
                            invitation: string;
                            /** Format: date-time */
                            expires_at: string;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/roles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            roles: {
                                id: string;
                                name: string;
                                description: string;
                                permissions: string[];
                            }[];
                            permissions: {
                                id: string;
                                description: string;
                                domain: string;
                                sensitivity: string;
                            }[];
                            custom_roles: {
                                id: string;
                                name: string;
                                description: string;
                                permissions: string[];
                                incident_scope: string[] | null;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query: {
                    limit: number;
                    offset: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                public_id: string;
                                user_id: string;
                                display_name: string | null;
                                email: string;
                                role: string;
                                identity_source: string | null;
                                last_activity_at: string | null;
                                source_ip: string | null;
                                browser: string | null;
                                current_session: boolean;
                            }[];
                            total: number;
                            limit: number;
                            offset: number;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        display_name?: string;
                        department?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            email: string;
                            display_name: string | null;
                            role: string;
                            custom_role_id: string | null;
                            custom_role_name: string | null;
                            status: string;
                            department: string | null;
                            federated: boolean;
                            last_login_at: string | null;
                            /** Format: date-time */
                            created_at: string;
                            invitation: string | null;
                            invited: boolean;
                            has_password: boolean;
                            locked_until: string | null;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/users/{id}/role": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        role: string;
                        custom_role_id?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            email: string;
                            display_name: string | null;
                            role: string;
                            custom_role_id: string | null;
                            custom_role_name: string | null;
                            status: string;
                            department: string | null;
                            federated: boolean;
                            last_login_at: string | null;
                            /** Format: date-time */
                            created_at: string;
                            invitation: string | null;
                            invited: boolean;
                            has_password: boolean;
                            locked_until: string | null;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        reason: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            email: string;
                            display_name: string | null;
                            role: string;
                            custom_role_id: string | null;
                            custom_role_name: string | null;
                            status: string;
                            department: string | null;
                            federated: boolean;
                            last_login_at: string | null;
                            /** Format: date-time */
                            created_at: string;
                            invitation: string | null;
                            invited: boolean;
                            has_password: boolean;
                            locked_until: string | null;
                            sessions_ended: number;
                            incidents_still_assigned: number;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        reason: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            email: string;
                            display_name: string | null;
                            role: string;
                            custom_role_id: string | null;
                            custom_role_name: string | null;
                            status: string;
                            department: string | null;
                            federated: boolean;
                            last_login_at: string | null;
                            /** Format: date-time */
                            created_at: string;
                            invitation: string | null;
                            invited: boolean;
                            has_password: boolean;
                            locked_until: string | null;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/reinvite": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            user: string;
                            link: string;
                            /** Format: date-time */
                            expires_at: string;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/password-reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            user: string;
                            link: string;
                            /** Format: date-time */
                            expires_at: string;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/unlock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            email: string;
                            display_name: string | null;
                            role: string;
                            custom_role_id: string | null;
                            custom_role_name: string | null;
                            status: string;
                            department: string | null;
                            federated: boolean;
                            last_login_at: string | null;
                            /** Format: date-time */
                            created_at: string;
                            invitation: string | null;
                            invited: boolean;
                            has_password: boolean;
                            locked_until: string | null;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/second-factor": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                public_id: string;
                                /** Format: date-time */
                                issued_at: string;
                                /** Format: date-time */
                                expires_at: string;
                                source_ip: string | null;
                                user_agent: string | null;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/sessions/{public_id}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    public_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            revoked: true;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/accept-invitation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description the invitation string; anything malformed is 401 */
                        invitation?: unknown;
                        password: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            token: string;
                            /** Format: date-time */
                            expires_at: string;
                            user: {
                                id: string;
                                email: string;
                                display_name: string | null;
                                role: string;
                            };
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/reset-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description the reset string; anything malformed is 401 */
                        reset?: unknown;
                        password: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/api-tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                id: string;
                                name: string;
                                scopes: string[];
                                /** Format: date-time */
                                created_at: string;
                                expires_at: string | null;
                                last_used_at: string | null;
                                revoked_at: string | null;
                                user_id: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                        scopes: string[];
                        expires_in_days?: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            name: string;
                            scopes: string[];
                            /** Format: date-time */
                            created_at: string;
                            expires_at: string | null;
                            last_used_at: string | null;
                            revoked_at: string | null;
                            token: string;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/api-tokens/{id}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            revoked: true;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/roles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            built_in: {
                                id: string;
                                name: string;
                                description: string;
                                permissions: string[];
                                member_count: number;
                            }[];
                            custom: {
                                id: string;
                                name: string;
                                description: string;
                                permissions: string[];
                                incident_scope: string[] | null;
                                revision: number;
                                member_count: number;
                                /** Format: date-time */
                                created_at: string;
                                /** Format: date-time */
                                updated_at: string;
                                retired_at: string | null;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                        description?: string;
                        permissions: string[];
                        incident_scope?: string[] | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            name: string;
                            description: string;
                            permissions: string[];
                            incident_scope: string[] | null;
                            revision: number;
                            member_count: number;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                            retired_at: string | null;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/roles/permissions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                id: string;
                                description: string;
                                domain: string;
                                sensitivity: string;
                                delegable: boolean;
                                tenant_wide: boolean;
                                grantable_by_you: boolean;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/roles/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                        description?: string;
                        permissions: string[];
                        incident_scope?: string[] | null;
                        revision: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            name: string;
                            description: string;
                            permissions: string[];
                            incident_scope: string[] | null;
                            revision: number;
                            member_count: number;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                            retired_at: string | null;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/roles/{id}/retire": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        reason: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            name: string;
                            description: string;
                            permissions: string[];
                            incident_scope: string[] | null;
                            revision: number;
                            member_count: number;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                            retired_at: string | null;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/oidc/available": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query: {
                    tenant: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            enabled: boolean;
                            display_name?: string;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/oidc/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        tenant: string;
                        return_to?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            authorization_url: string;
                            /** Format: date-time */
                            expires_at: string;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/oidc/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    code?: string;
                    state?: string;
                    iss?: string;
                    error?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                302: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/oidc/exchange": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        handoff: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            token: string;
                            /** Format: date-time */
                            expires_at: string;
                            user: {
                                id: string;
                                email: string;
                                display_name: string | null;
                                role: string;
                            };
                            /** Format: date-time */
                            second_factor_due_by?: string;
                            recovery_codes?: string[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/settings/oidc": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            configured: boolean;
                            issuer?: string;
                            client_id?: string;
                            has_client_secret?: boolean;
                            has_ca_certificate?: boolean;
                            display_name?: string;
                            groups_claim?: string;
                            role_mappings?: {
                                group: string;
                                role: "owner" | "admin" | "security_analyst" | "auditor" | "viewer";
                            }[];
                            default_role?: ("owner" | "admin" | "security_analyst" | "auditor" | "viewer") | null;
                            enabled?: boolean;
                            /** Format: date-time */
                            updated_at?: string;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        issuer: string;
                        client_id: string;
                        client_secret?: string;
                        ca_certificate?: string;
                        clear_ca_certificate?: boolean;
                        display_name: string;
                        groups_claim?: string;
                        role_mappings: {
                            group: string;
                            role: "owner" | "admin" | "security_analyst" | "auditor" | "viewer";
                        }[];
                        default_role?: ("owner" | "admin" | "security_analyst" | "auditor" | "viewer") | null;
                        enabled: boolean;
                        reason: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            configured: boolean;
                            issuer?: string;
                            client_id?: string;
                            has_client_secret?: boolean;
                            has_ca_certificate?: boolean;
                            display_name?: string;
                            groups_claim?: string;
                            role_mappings?: {
                                group: string;
                                role: "owner" | "admin" | "security_analyst" | "auditor" | "viewer";
                            }[];
                            default_role?: ("owner" | "admin" | "security_analyst" | "auditor" | "viewer") | null;
                            enabled?: boolean;
                            /** Format: date-time */
                            updated_at?: string;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        reason: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/settings/oidc/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            verified: boolean;
                            detail: string;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/settings/sign-in-mode": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            sso_only: boolean;
                            break_glass: string[];
                            updated_at: string | null;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        sso_only: boolean;
                        break_glass: string[];
                        reason: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            sso_only: boolean;
                            break_glass: string[];
                            updated_at: string | null;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/settings/scim-tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                public_id: string;
                                name: string;
                                /** Format: date-time */
                                created_at: string;
                                /** Format: date-time */
                                expires: string;
                                last_used_at: string | null;
                                revoked_at: string | null;
                                state: "active" | "expired" | "revoked";
                            }[];
                            base_path: string;
                            provisioned_accounts: number;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                        expires_in_days?: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            public_id: string;
                            name: string;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            expires: string;
                            last_used_at: string | null;
                            revoked_at: string | null;
                            state: "active" | "expired" | "revoked";
                            token: string;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/settings/scim-tokens/{public_id}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    public_id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        reason: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            revoked: true;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/scim/v2/ServiceProviderConfig": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            schemas: string[];
                            documentationUri: string;
                            patch: {
                                supported: boolean;
                            };
                            bulk: {
                                supported: boolean;
                                maxOperations: number;
                                maxPayloadSize: number;
                            };
                            filter: {
                                supported: boolean;
                                maxResults: number;
                            };
                            changePassword: {
                                supported: boolean;
                            };
                            sort: {
                                supported: boolean;
                            };
                            etag: {
                                supported: boolean;
                            };
                            authenticationSchemes: {
                                type: string;
                                name: string;
                                description: string;
                                primary: boolean;
                            }[];
                            meta: {
                                /** @enum {string} */
                                resourceType: "ServiceProviderConfig";
                                location: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            schemas: string[];
                            status: string;
                            scimType?: string;
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            schemas: string[];
                            status: string;
                            scimType?: string;
                            detail: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/scim/v2/ResourceTypes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            schemas: string[];
                            totalResults: number;
                            startIndex: number;
                            itemsPerPage: number;
                            Resources: {
                                schemas: string[];
                                id: string;
                                name: string;
                                endpoint: string;
                                description: string;
                                schema: string;
                                schemaExtensions: {
                                    schema: string;
                                    required: boolean;
                                }[];
                                meta: {
                                    /** @enum {string} */
                                    resourceType: "ResourceType";
                                    location: string;
                                };
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            schemas: string[];
                            status: string;
                            scimType?: string;
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            schemas: string[];
                            status: string;
                            scimType?: string;
                            detail: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/scim/v2/Users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    filter?: string;
                    startIndex?: number;
                    count?: number;
                    attributes?: string;
                    excludedAttributes?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            schemas: string[];
                            totalResults: number;
                            startIndex: number;
                            itemsPerPage: number;
                            Resources: {
                                schemas: string[];
                                id: string;
                                externalId?: string;
                                userName: string;
                                name?: {
                                    givenName?: string;
                                    familyName?: string;
                                    formatted?: string;
                                };
                                displayName?: string;
                                active: boolean;
                                emails: {
                                    value: string;
                                    type?: string;
                                    primary: boolean;
                                }[];
                                "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User"?: {
                                    department?: string;
                                };
                                meta: {
                                    /** @enum {string} */
                                    resourceType: "User";
                                    created: string;
                                    lastModified: string;
                                    location: string;
                                };
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            schemas: string[];
                            status: string;
                            scimType?: string;
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            schemas: string[];
                            status: string;
                            scimType?: string;
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            schemas: string[];
                            status: string;
                            scimType?: string;
                            detail: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        schemas?: string[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            schemas: string[];
                            id: string;
                            externalId?: string;
                            userName: string;
                            name?: {
                                givenName?: string;
                                familyName?: string;
                                formatted?: string;
                            };
                            displayName?: string;
                            active: boolean;
                            emails: {
                                value: string;
                                type?: string;
                                primary: boolean;
                            }[];
                            "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User"?: {
                                department?: string;
                            };
                            meta: {
                                /** @enum {string} */
                                resourceType: "User";
                                created: string;
                                lastModified: string;
                                location: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            schemas: string[];
                            status: string;
                            scimType?: string;
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            schemas: string[];
                            status: string;
                            scimType?: string;
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            schemas: string[];
                            status: string;
                            scimType?: string;
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            schemas: string[];
                            status: string;
                            scimType?: string;
                            detail: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/scim/v2/Users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    attributes?: string;
                    excludedAttributes?: string;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            schemas: string[];
                            id: string;
                            externalId?: string;
                            userName: string;
                            name?: {
                                givenName?: string;
                                familyName?: string;
                                formatted?: string;
                            };
                            displayName?: string;
                            active: boolean;
                            emails: {
                                value: string;
                                type?: string;
                                primary: boolean;
                            }[];
                            "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User"?: {
                                department?: string;
                            };
                            meta: {
                                /** @enum {string} */
                                resourceType: "User";
                                created: string;
                                lastModified: string;
                                location: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            schemas: string[];
                            status: string;
                            scimType?: string;
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            schemas: string[];
                            status: string;
                            scimType?: string;
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            schemas: string[];
                            status: string;
                            scimType?: string;
                            detail: string;
                        };
                    };
                };
            };
        };
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        schemas?: string[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            schemas: string[];
                            id: string;
                            externalId?: string;
                            userName: string;
                            name?: {
                                givenName?: string;
                                familyName?: string;
                                formatted?: string;
                            };
                            displayName?: string;
                            active: boolean;
                            emails: {
                                value: string;
                                type?: string;
                                primary: boolean;
                            }[];
                            "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User"?: {
                                department?: string;
                            };
                            meta: {
                                /** @enum {string} */
                                resourceType: "User";
                                created: string;
                                lastModified: string;
                                location: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            schemas: string[];
                            status: string;
                            scimType?: string;
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            schemas: string[];
                            status: string;
                            scimType?: string;
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            schemas: string[];
                            status: string;
                            scimType?: string;
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            schemas: string[];
                            status: string;
                            scimType?: string;
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            schemas: string[];
                            status: string;
                            scimType?: string;
                            detail: string;
                        };
                    };
                };
            };
        };
        post?: never;
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            schemas: string[];
                            status: string;
                            scimType?: string;
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            schemas: string[];
                            status: string;
                            scimType?: string;
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            schemas: string[];
                            status: string;
                            scimType?: string;
                            detail: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        schemas?: string[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            schemas: string[];
                            status: string;
                            scimType?: string;
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            schemas: string[];
                            status: string;
                            scimType?: string;
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            schemas: string[];
                            status: string;
                            scimType?: string;
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            schemas: string[];
                            status: string;
                            scimType?: string;
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            schemas: string[];
                            status: string;
                            scimType?: string;
                            detail: string;
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/scim/v2/Groups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    filter?: string;
                    startIndex?: number;
                    count?: number;
                    attributes?: string;
                    excludedAttributes?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            schemas: string[];
                            totalResults: number;
                            startIndex: number;
                            itemsPerPage: number;
                            Resources: {
                                schemas: string[];
                                id: string;
                                externalId?: string;
                                displayName: string;
                                members?: {
                                    value: string;
                                    display: string;
                                    /** @enum {string} */
                                    type: "User";
                                }[];
                                meta: {
                                    /** @enum {string} */
                                    resourceType: "Group";
                                    created: string;
                                    lastModified: string;
                                    location: string;
                                };
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            schemas: string[];
                            status: string;
                            scimType?: string;
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            schemas: string[];
                            status: string;
                            scimType?: string;
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            schemas: string[];
                            status: string;
                            scimType?: string;
                            detail: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        schemas?: string[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            schemas: string[];
                            id: string;
                            externalId?: string;
                            displayName: string;
                            members?: {
                                value: string;
                                display: string;
                                /** @enum {string} */
                                type: "User";
                            }[];
                            meta: {
                                /** @enum {string} */
                                resourceType: "Group";
                                created: string;
                                lastModified: string;
                                location: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            schemas: string[];
                            status: string;
                            scimType?: string;
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            schemas: string[];
                            status: string;
                            scimType?: string;
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            schemas: string[];
                            status: string;
                            scimType?: string;
                            detail: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/scim/v2/Groups/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    attributes?: string;
                    excludedAttributes?: string;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            schemas: string[];
                            id: string;
                            externalId?: string;
                            displayName: string;
                            members?: {
                                value: string;
                                display: string;
                                /** @enum {string} */
                                type: "User";
                            }[];
                            meta: {
                                /** @enum {string} */
                                resourceType: "Group";
                                created: string;
                                lastModified: string;
                                location: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            schemas: string[];
                            status: string;
                            scimType?: string;
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            schemas: string[];
                            status: string;
                            scimType?: string;
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            schemas: string[];
                            status: string;
                            scimType?: string;
                            detail: string;
                        };
                    };
                };
            };
        };
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        schemas?: string[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            schemas: string[];
                            id: string;
                            externalId?: string;
                            displayName: string;
                            members?: {
                                value: string;
                                display: string;
                                /** @enum {string} */
                                type: "User";
                            }[];
                            meta: {
                                /** @enum {string} */
                                resourceType: "Group";
                                created: string;
                                lastModified: string;
                                location: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            schemas: string[];
                            status: string;
                            scimType?: string;
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            schemas: string[];
                            status: string;
                            scimType?: string;
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            schemas: string[];
                            status: string;
                            scimType?: string;
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            schemas: string[];
                            status: string;
                            scimType?: string;
                            detail: string;
                        };
                    };
                };
            };
        };
        post?: never;
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            schemas: string[];
                            status: string;
                            scimType?: string;
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            schemas: string[];
                            status: string;
                            scimType?: string;
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            schemas: string[];
                            status: string;
                            scimType?: string;
                            detail: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        schemas?: string[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            schemas: string[];
                            status: string;
                            scimType?: string;
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            schemas: string[];
                            status: string;
                            scimType?: string;
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            schemas: string[];
                            status: string;
                            scimType?: string;
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            schemas: string[];
                            status: string;
                            scimType?: string;
                            detail: string;
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/audit-events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    action?: string;
                    actor_id?: string;
                    subject_id?: string;
                    since?: string;
                    until?: string;
                    limit?: number;
                    offset?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                id: string;
                                action: string;
                                actor_type: string;
                                actor_id: string | null;
                                subject_type: string | null;
                                subject_id: string | null;
                                metadata: {
                                    mode?: string | number | boolean | null;
                                    document_count?: string | number | boolean | null;
                                    too_short_count?: string | number | boolean | null;
                                    outcome?: string | number | boolean | null;
                                    versions_removed?: string | number | boolean | null;
                                    critical_minutes?: string | number | boolean | null;
                                    high_minutes?: string | number | boolean | null;
                                    medium_minutes?: string | number | boolean | null;
                                    low_minutes?: string | number | boolean | null;
                                    resolution_critical_minutes?: string | number | boolean | null;
                                    resolution_high_minutes?: string | number | boolean | null;
                                    resolution_medium_minutes?: string | number | boolean | null;
                                    resolution_low_minutes?: string | number | boolean | null;
                                    rule_id?: string | number | boolean | null;
                                    position?: string | number | boolean | null;
                                    enabled?: string | number | boolean | null;
                                    playbook_id?: string | number | boolean | null;
                                    step?: string | number | boolean | null;
                                    done?: string | number | boolean | null;
                                    step_count?: string | number | boolean | null;
                                    link_count?: string | number | boolean | null;
                                    correlation_id?: string | number | boolean | null;
                                    bulk_action?: string | number | boolean | null;
                                    item_count?: string | number | boolean | null;
                                    updated_count?: string | number | boolean | null;
                                    refused_count?: string | number | boolean | null;
                                    target?: string | number | boolean | null;
                                    second_person_critical?: string | number | boolean | null;
                                    second_person_accepted_risk?: string | number | boolean | null;
                                    requested_by?: string | number | boolean | null;
                                    previous_critical?: string | number | boolean | null;
                                    previous_accepted_risk?: string | number | boolean | null;
                                    names_hidden?: string | number | boolean | null;
                                    previous_names_hidden?: string | number | boolean | null;
                                    close_request_id?: string | number | boolean | null;
                                    accepted_until?: string | number | boolean | null;
                                    agent_group_id?: string | number | boolean | null;
                                    algorithm?: string | number | boolean | null;
                                    attempt?: string | number | boolean | null;
                                    attempted?: string | number | boolean | null;
                                    cause?: string | number | boolean | null;
                                    classification_version?: string | number | boolean | null;
                                    comment_id?: string | number | boolean | null;
                                    disposition?: string | number | boolean | null;
                                    dns_suffixes?: string | number | boolean | null;
                                    enrollment_token_id?: string | number | boolean | null;
                                    event_id?: string | number | boolean | null;
                                    expires_at?: string | number | boolean | null;
                                    factors_removed?: string | number | boolean | null;
                                    file_id?: string | number | boolean | null;
                                    from?: string | number | boolean | null;
                                    from_group_id?: string | number | boolean | null;
                                    from_user_id?: string | number | boolean | null;
                                    group_after?: string | number | boolean | null;
                                    group_before?: string | number | boolean | null;
                                    hostname?: string | number | boolean | null;
                                    incident_id?: string | number | boolean | null;
                                    ip_ranges?: string | number | boolean | null;
                                    length?: string | number | boolean | null;
                                    max_uses?: string | number | boolean | null;
                                    name?: string | number | boolean | null;
                                    new_role?: string | number | boolean | null;
                                    note?: string | number | boolean | null;
                                    note_length?: string | number | boolean | null;
                                    number?: string | number | boolean | null;
                                    old_role?: string | number | boolean | null;
                                    outside_tenant_domains?: string | number | boolean | null;
                                    pending_version?: string | number | boolean | null;
                                    policy_count?: string | number | boolean | null;
                                    policy_disabled?: string | number | boolean | null;
                                    policy_id?: string | number | boolean | null;
                                    question_id?: string | number | boolean | null;
                                    reason?: string | number | boolean | null;
                                    reason_length?: string | number | boolean | null;
                                    recovery_codes_removed?: string | number | boolean | null;
                                    reference?: string | number | boolean | null;
                                    refusal_code?: string | number | boolean | null;
                                    related_id?: string | number | boolean | null;
                                    related_reference?: string | number | boolean | null;
                                    request_id?: string | number | boolean | null;
                                    retry_after_seconds?: string | number | boolean | null;
                                    revision?: string | number | boolean | null;
                                    role?: string | number | boolean | null;
                                    rows?: string | number | boolean | null;
                                    serial_prefix?: string | number | boolean | null;
                                    session_public_id?: string | number | boolean | null;
                                    sessions_ended?: string | number | boolean | null;
                                    size_bytes?: string | number | boolean | null;
                                    sort?: string | number | boolean | null;
                                    status_changed?: string | number | boolean | null;
                                    to?: string | number | boolean | null;
                                    to_group_id?: string | number | boolean | null;
                                    to_user_id?: string | number | boolean | null;
                                    to_version?: string | number | boolean | null;
                                    total?: string | number | boolean | null;
                                    truncated?: string | number | boolean | null;
                                    ttl_minutes?: string | number | boolean | null;
                                    version?: string | number | boolean | null;
                                    via?: string | number | boolean | null;
                                    marked?: string | number | boolean | null;
                                    folders?: string | number | boolean | null;
                                    skipped_self?: string | number | boolean | null;
                                    synthetic?: string | number | boolean | null;
                                    detector_id?: string | number | boolean | null;
                                    detector_version?: string | number | boolean | null;
                                    verdict?: string | number | boolean | null;
                                    previous_verdict?: string | number | boolean | null;
                                    policy_name?: string | number | boolean | null;
                                    category?: string | number | boolean | null;
                                    person_named?: string | number | boolean | null;
                                    decision?: string | number | boolean | null;
                                    minutes?: string | number | boolean | null;
                                    serial?: string | number | boolean | null;
                                    identity_unmapped?: string | number | boolean | null;
                                    default_label?: string | number | boolean | null;
                                    member_count?: string | number | boolean | null;
                                    old_custom_role_id?: string | number | boolean | null;
                                    new_custom_role_id?: string | number | boolean | null;
                                    sso_only?: string | number | boolean | null;
                                    provider?: string | number | boolean | null;
                                    sub_hash?: string | number | boolean | null;
                                    scim_id?: string | number | boolean | null;
                                    token_public_id?: string | number | boolean | null;
                                    groups_left?: string | number | boolean | null;
                                    user_id?: string | number | boolean | null;
                                    team_id?: string | number | boolean | null;
                                    surface?: string | number | boolean | null;
                                    visibility?: string | number | boolean | null;
                                    replaced?: string | number | boolean | null;
                                    members_removed?: string | number | boolean | null;
                                    views_removed?: string | number | boolean | null;
                                    key_id?: string | number | boolean | null;
                                    new_key_id?: string | number | boolean | null;
                                    trust_version?: string | number | boolean | null;
                                    bundle_version?: string | number | boolean | null;
                                    platform?: string | number | boolean | null;
                                    rule_count?: string | number | boolean | null;
                                    pinned_count?: string | number | boolean | null;
                                    kind?: string | number | boolean | null;
                                    template_id?: string | number | boolean | null;
                                    report_id?: string | number | boolean | null;
                                    format?: string | number | boolean | null;
                                    content_sha256?: string | number | boolean | null;
                                    approval_id?: string | number | boolean | null;
                                    threshold?: string | number | boolean | null;
                                    approval_above_rows?: string | number | boolean | null;
                                    previous_above_rows?: string | number | boolean | null;
                                    acknowledged_policy_ids?: (string | number)[];
                                    versions?: (string | number)[];
                                    incident_ids?: (string | number)[];
                                    trusted_key_ids?: (string | number)[];
                                    changed_fields?: (string | number)[];
                                    exception_ids?: (string | number)[];
                                    filters?: (string | number)[];
                                    order_after?: (string | number)[];
                                    order_before?: (string | number)[];
                                    overlap_policy_ids?: (string | number)[];
                                    scopes?: (string | number)[];
                                    warning_kinds?: (string | number)[];
                                    folders_added?: (string | number)[];
                                    folders_removed?: (string | number)[];
                                    permissions_before?: (string | number)[];
                                    permissions_after?: (string | number)[];
                                    added?: (string | number)[];
                                    removed?: (string | number)[];
                                    break_glass?: (string | number)[];
                                    view_parameters?: (string | number)[];
                                    changes?: {
                                        display_name?: {
                                            old: string | null;
                                            new: string | null;
                                        };
                                        department?: {
                                            old: string | null;
                                            new: string | null;
                                        };
                                    };
                                    before?: number | {
                                        required?: boolean;
                                        grace_days?: number | null;
                                    } | null;
                                    after?: number | {
                                        required?: boolean;
                                        grace_days?: number | null;
                                    } | null;
                                    scope_before?: (string | number)[] | null;
                                    scope_after?: (string | number)[] | null;
                                    imported_from?: {
                                        tenant_id: string;
                                        policy_id: string;
                                        policy_number: number;
                                        version: number;
                                    };
                                    resolved_scope?: {
                                        eligible_endpoints: number;
                                        active_endpoints: number;
                                        ineligible: {
                                            platform_not_in_scope: number;
                                            endpoint_not_targeted: number;
                                            endpoint_group_not_targeted: number;
                                            excluded: number;
                                        };
                                        whole_fleet: boolean;
                                        user_membership_unknown: boolean;
                                        unresolved_targets: number;
                                    };
                                };
                                /** Format: date-time */
                                created_at: string;
                            }[];
                            total: number;
                            limit: number;
                            offset: number;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/policies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            number: number;
                            display_number: string;
                            name: string;
                            severity: string;
                            group: string | null;
                            effective_group: string | null;
                            position: number;
                            disabled: boolean;
                            latest_version: number;
                            published_version: number | null;
                            deployment: string;
                            enforcement_7d: {
                                events: number;
                                reduced: number;
                                incidents: number;
                            };
                            record: {
                                closed: number;
                                false_positives: number;
                                false_positive_rate: number | null;
                                needs_review: boolean;
                            };
                            pending: {
                                author: string;
                                submitter: string | null;
                                time: string;
                            } | null;
                            pending_disable: {
                                id: string;
                                version: number;
                                requested_by_id: string;
                                requested_by: string | null;
                                requested_at: string;
                                reason: string;
                            } | null;
                        }[];
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            /** @description policy version fields (docs/policies.md) */
            requestBody: {
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            policy_id: string;
                            tenant_id: string;
                            number: number;
                            version: number;
                            status: string;
                            created_at: string;
                            created_by: string;
                            submitted_by: string | null;
                            approved_by: string | null;
                            published_by: string | null;
                            name: string;
                            description?: string;
                            owner?: string;
                            mode?: string;
                            severity: string;
                            priority?: number;
                            group?: string | null;
                            scope: {
                                departments?: string[];
                                channels?: string[];
                                operating_systems?: string[];
                                destinations?: string[];
                                sources?: string[];
                                applications?: string[];
                                user_ids?: string[];
                                groups?: string[];
                                device_ids?: string[];
                                agent_groups?: string[];
                                include_targets?: {
                                    kind: string;
                                    source: {
                                        type: string;
                                        domain_sid?: string;
                                    };
                                    object_id: string;
                                    label?: string;
                                }[];
                                exclude_targets?: {
                                    kind: string;
                                    source: {
                                        type: string;
                                        domain_sid?: string;
                                    };
                                    object_id: string;
                                    label?: string;
                                }[];
                                exclude_groups?: string[];
                                exclude_device_ids?: string[];
                                exclude_agent_groups?: string[];
                            };
                            condition: components["schemas"]["def-0"];
                            exceptions?: {
                                id: string;
                                reason: string;
                                approved_by: string;
                                expires_at?: string | null;
                                scope: {
                                    departments?: string[];
                                    channels?: string[];
                                    operating_systems?: string[];
                                    destinations?: string[];
                                    sources?: string[];
                                    applications?: string[];
                                    user_ids?: string[];
                                    groups?: string[];
                                    device_ids?: string[];
                                    agent_groups?: string[];
                                    include_targets?: {
                                        kind: string;
                                        source: {
                                            type: string;
                                            domain_sid?: string;
                                        };
                                        object_id: string;
                                        label?: string;
                                    }[];
                                    exclude_targets?: {
                                        kind: string;
                                        source: {
                                            type: string;
                                            domain_sid?: string;
                                        };
                                        object_id: string;
                                        label?: string;
                                    }[];
                                    exclude_groups?: string[];
                                    exclude_device_ids?: string[];
                                    exclude_agent_groups?: string[];
                                };
                                downgrade_to?: string | null;
                            }[];
                            response: string;
                            offline_response?: string | null;
                            evidence?: {
                                metadata?: boolean;
                                redacted_previews?: boolean;
                                context_snippets?: boolean;
                                full_file?: boolean;
                            };
                            schedule?: {
                                timezone: string;
                                days_of_week: number[];
                                start_minute: number;
                                end_minute: number;
                            } | null;
                            conflict_strategy?: string;
                            change_reason: string;
                            notifications?: {
                                user_message?: string | null;
                                prompt_message_id?: string | null;
                                user_messages?: {
                                    en?: string;
                                    az?: string;
                                    ru?: string;
                                    tr?: string;
                                };
                                justification?: {
                                    reasons?: string[];
                                    free_text?: boolean;
                                    min_chars?: number;
                                };
                            };
                            risk_thresholds?: {
                                below: string;
                                steps: {
                                    at_or_above: number;
                                    action: string;
                                }[];
                            } | null;
                            apply_label?: {
                                value: string;
                                replace_existing?: boolean;
                            } | null;
                            raise_every_match?: boolean;
                            connection?: {
                                mode: string;
                                applications: string[];
                                destinations: {
                                    address: string;
                                    ports?: number[];
                                }[];
                            } | null;
                            effective_from?: string | null;
                            effective_until?: string | null;
                            sandbox?: boolean;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/policies/inventory": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    q?: string;
                    family?: "data" | "applications" | "websites" | "devices" | "auditing";
                    group?: "email" | "web" | "removable_media" | "cloud" | "print" | "clipboard" | "network_share" | "discovery" | "other";
                    status?: "draft" | "pending_approval" | "published" | "disabled" | "archived" | "rolled_back";
                    action?: "audit" | "inform" | "warn_with_continue" | "require_justification" | "approval_required" | "block" | "quarantine" | "warn";
                    channel?: "removable_storage" | "browser_upload" | "cloud_storage" | "mobile_device" | "optical_disc" | "bluetooth" | "file_open" | "file_delete" | "file_create" | "file_modify" | "file_rename" | "archive_create" | "discovery" | "print" | "clipboard" | "cloud_sync_folder" | "network_connection";
                    classification?: string;
                    scope?: "whole_company" | "targeted";
                    owner?: string;
                    deployment?: "live" | "changes_unpublished" | "awaiting_approval" | "switched_off" | "never_published" | "retired";
                    attention?: "cannot_fire" | "needs_review";
                    updated_since?: string;
                    sort?: "priority" | "name" | "updated" | "severity" | "number";
                    dir?: "asc" | "desc";
                    limit?: number;
                    offset?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                id: string;
                                number: number;
                                name: string;
                                severity: string;
                                family: string;
                                group: string | null;
                                effective_group: string | null;
                                status: string;
                                deployment: string;
                                priority: number;
                                response: string | null;
                                offline_response: string | null;
                                scope: string;
                                owner: string | null;
                                version: number;
                                updated_at: string;
                                attention: {
                                    cannot_fire: boolean;
                                    needs_review: boolean;
                                };
                                pending_disable: boolean;
                            }[];
                            total: number;
                            limit: number;
                            offset: number;
                            unfiltered_total: number;
                            complete_order: boolean;
                            owners: string[];
                            attention: {
                                cannot_fire: number;
                                needs_review: number;
                            };
                            counts: {
                                active: number;
                                drafts: number;
                                awaiting_approval: number;
                                changes_unpublished: number;
                            };
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/policies/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            number: number;
                            display_number: string;
                            name: string;
                            severity: string;
                            group: string | null;
                            effective_group: string | null;
                            position: number;
                            disabled: boolean;
                            latest_version: number;
                            published_version: number | null;
                            deployment: string;
                            enforcement_7d: {
                                events: number;
                                reduced: number;
                                incidents: number;
                            };
                            record: {
                                closed: number;
                                false_positives: number;
                                false_positive_rate: number | null;
                                needs_review: boolean;
                            };
                            pending: {
                                author: string;
                                submitter: string | null;
                                time: string;
                            } | null;
                            pending_disable: {
                                id: string;
                                version: number;
                                requested_by_id: string;
                                requested_by: string | null;
                                requested_at: string;
                                reason: string;
                            } | null;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/policies/{id}/lifecycle": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            policy_id: string;
                            number: number;
                            deployment: string;
                            versions: {
                                version: number;
                                status: string;
                                change_reason: string;
                                created_at: string;
                                author: string;
                                submitter: string | null;
                                approver: string | null;
                                publisher: string | null;
                                actions: {
                                    action: string;
                                    allowed: boolean;
                                    reason: string | null;
                                }[];
                                deployment_bands: {
                                    current: number;
                                    behind: number;
                                    offline: number;
                                    offline_current: number;
                                    unknown: number;
                                    upgrade_required: number;
                                    unsupported: number;
                                    capabilities_unknown: number;
                                } | null;
                            }[];
                            coverage_warnings: {
                                kind: string;
                                values: string[];
                                message: string;
                                exception_id?: string;
                            }[];
                            overlap_warnings: {
                                kind: string;
                                policy_id: string;
                                policy_number: number;
                                policy_name: string;
                                detectors: string[];
                                classifications: string[];
                                categories: string[];
                                removable_device: boolean;
                                response: {
                                    this: string;
                                    other: string;
                                };
                                offline_response: {
                                    this: string;
                                    other: string;
                                };
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/policies/{id}/versions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            policy_id: string;
                            tenant_id: string;
                            number: number;
                            version: number;
                            status: string;
                            created_at: string;
                            created_by: string;
                            submitted_by: string | null;
                            approved_by: string | null;
                            published_by: string | null;
                            name: string;
                            description?: string;
                            owner?: string;
                            mode?: string;
                            severity: string;
                            priority?: number;
                            group?: string | null;
                            scope: {
                                departments?: string[];
                                channels?: string[];
                                operating_systems?: string[];
                                destinations?: string[];
                                sources?: string[];
                                applications?: string[];
                                user_ids?: string[];
                                groups?: string[];
                                device_ids?: string[];
                                agent_groups?: string[];
                                include_targets?: {
                                    kind: string;
                                    source: {
                                        type: string;
                                        domain_sid?: string;
                                    };
                                    object_id: string;
                                    label?: string;
                                }[];
                                exclude_targets?: {
                                    kind: string;
                                    source: {
                                        type: string;
                                        domain_sid?: string;
                                    };
                                    object_id: string;
                                    label?: string;
                                }[];
                                exclude_groups?: string[];
                                exclude_device_ids?: string[];
                                exclude_agent_groups?: string[];
                            };
                            condition: components["schemas"]["def-0"];
                            exceptions?: {
                                id: string;
                                reason: string;
                                approved_by: string;
                                expires_at?: string | null;
                                scope: {
                                    departments?: string[];
                                    channels?: string[];
                                    operating_systems?: string[];
                                    destinations?: string[];
                                    sources?: string[];
                                    applications?: string[];
                                    user_ids?: string[];
                                    groups?: string[];
                                    device_ids?: string[];
                                    agent_groups?: string[];
                                    include_targets?: {
                                        kind: string;
                                        source: {
                                            type: string;
                                            domain_sid?: string;
                                        };
                                        object_id: string;
                                        label?: string;
                                    }[];
                                    exclude_targets?: {
                                        kind: string;
                                        source: {
                                            type: string;
                                            domain_sid?: string;
                                        };
                                        object_id: string;
                                        label?: string;
                                    }[];
                                    exclude_groups?: string[];
                                    exclude_device_ids?: string[];
                                    exclude_agent_groups?: string[];
                                };
                                downgrade_to?: string | null;
                            }[];
                            response: string;
                            offline_response?: string | null;
                            evidence?: {
                                metadata?: boolean;
                                redacted_previews?: boolean;
                                context_snippets?: boolean;
                                full_file?: boolean;
                            };
                            schedule?: {
                                timezone: string;
                                days_of_week: number[];
                                start_minute: number;
                                end_minute: number;
                            } | null;
                            conflict_strategy?: string;
                            change_reason: string;
                            notifications?: {
                                user_message?: string | null;
                                prompt_message_id?: string | null;
                                user_messages?: {
                                    en?: string;
                                    az?: string;
                                    ru?: string;
                                    tr?: string;
                                };
                                justification?: {
                                    reasons?: string[];
                                    free_text?: boolean;
                                    min_chars?: number;
                                };
                            };
                            risk_thresholds?: {
                                below: string;
                                steps: {
                                    at_or_above: number;
                                    action: string;
                                }[];
                            } | null;
                            apply_label?: {
                                value: string;
                                replace_existing?: boolean;
                            } | null;
                            raise_every_match?: boolean;
                            connection?: {
                                mode: string;
                                applications: string[];
                                destinations: {
                                    address: string;
                                    ports?: number[];
                                }[];
                            } | null;
                            effective_from?: string | null;
                            effective_until?: string | null;
                            sandbox?: boolean;
                        }[];
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            /** @description policy version fields (docs/policies.md) */
            requestBody: {
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            policy_id: string;
                            tenant_id: string;
                            number: number;
                            version: number;
                            status: string;
                            created_at: string;
                            created_by: string;
                            submitted_by: string | null;
                            approved_by: string | null;
                            published_by: string | null;
                            name: string;
                            description?: string;
                            owner?: string;
                            mode?: string;
                            severity: string;
                            priority?: number;
                            group?: string | null;
                            scope: {
                                departments?: string[];
                                channels?: string[];
                                operating_systems?: string[];
                                destinations?: string[];
                                sources?: string[];
                                applications?: string[];
                                user_ids?: string[];
                                groups?: string[];
                                device_ids?: string[];
                                agent_groups?: string[];
                                include_targets?: {
                                    kind: string;
                                    source: {
                                        type: string;
                                        domain_sid?: string;
                                    };
                                    object_id: string;
                                    label?: string;
                                }[];
                                exclude_targets?: {
                                    kind: string;
                                    source: {
                                        type: string;
                                        domain_sid?: string;
                                    };
                                    object_id: string;
                                    label?: string;
                                }[];
                                exclude_groups?: string[];
                                exclude_device_ids?: string[];
                                exclude_agent_groups?: string[];
                            };
                            condition: components["schemas"]["def-0"];
                            exceptions?: {
                                id: string;
                                reason: string;
                                approved_by: string;
                                expires_at?: string | null;
                                scope: {
                                    departments?: string[];
                                    channels?: string[];
                                    operating_systems?: string[];
                                    destinations?: string[];
                                    sources?: string[];
                                    applications?: string[];
                                    user_ids?: string[];
                                    groups?: string[];
                                    device_ids?: string[];
                                    agent_groups?: string[];
                                    include_targets?: {
                                        kind: string;
                                        source: {
                                            type: string;
                                            domain_sid?: string;
                                        };
                                        object_id: string;
                                        label?: string;
                                    }[];
                                    exclude_targets?: {
                                        kind: string;
                                        source: {
                                            type: string;
                                            domain_sid?: string;
                                        };
                                        object_id: string;
                                        label?: string;
                                    }[];
                                    exclude_groups?: string[];
                                    exclude_device_ids?: string[];
                                    exclude_agent_groups?: string[];
                                };
                                downgrade_to?: string | null;
                            }[];
                            response: string;
                            offline_response?: string | null;
                            evidence?: {
                                metadata?: boolean;
                                redacted_previews?: boolean;
                                context_snippets?: boolean;
                                full_file?: boolean;
                            };
                            schedule?: {
                                timezone: string;
                                days_of_week: number[];
                                start_minute: number;
                                end_minute: number;
                            } | null;
                            conflict_strategy?: string;
                            change_reason: string;
                            notifications?: {
                                user_message?: string | null;
                                prompt_message_id?: string | null;
                                user_messages?: {
                                    en?: string;
                                    az?: string;
                                    ru?: string;
                                    tr?: string;
                                };
                                justification?: {
                                    reasons?: string[];
                                    free_text?: boolean;
                                    min_chars?: number;
                                };
                            };
                            risk_thresholds?: {
                                below: string;
                                steps: {
                                    at_or_above: number;
                                    action: string;
                                }[];
                            } | null;
                            apply_label?: {
                                value: string;
                                replace_existing?: boolean;
                            } | null;
                            raise_every_match?: boolean;
                            connection?: {
                                mode: string;
                                applications: string[];
                                destinations: {
                                    address: string;
                                    ports?: number[];
                                }[];
                            } | null;
                            effective_from?: string | null;
                            effective_until?: string | null;
                            sandbox?: boolean;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/policies/{id}/versions/{version}/publish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    version: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            policy_id?: string;
                            version?: number;
                            status: string;
                            bundle_version?: number | null;
                            coverage_warnings?: {
                                kind: string;
                                values: string[];
                                message: string;
                                exception_id?: string;
                            }[];
                            overlap_warnings?: {
                                kind: string;
                                policy_id: string;
                                policy_number: number;
                                policy_name: string;
                                detectors: string[];
                                classifications: string[];
                                categories: string[];
                                removable_device: boolean;
                                response: {
                                    this: string;
                                    other: string;
                                };
                                offline_response: {
                                    this: string;
                                    other: string;
                                };
                                message: string;
                            }[];
                            policy_disabled?: boolean;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/policies/{id}/versions/{version}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    version: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            policy_id?: string;
                            version?: number;
                            status: string;
                            bundle_version?: number | null;
                            coverage_warnings?: {
                                kind: string;
                                values: string[];
                                message: string;
                                exception_id?: string;
                            }[];
                            overlap_warnings?: {
                                kind: string;
                                policy_id: string;
                                policy_number: number;
                                policy_name: string;
                                detectors: string[];
                                classifications: string[];
                                categories: string[];
                                removable_device: boolean;
                                response: {
                                    this: string;
                                    other: string;
                                };
                                offline_response: {
                                    this: string;
                                    other: string;
                                };
                                message: string;
                            }[];
                            policy_disabled?: boolean;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/policies/{id}/versions/{version}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    version: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        reason: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/policies/{id}/rollback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        to_version: number;
                        reason: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            policy_id?: string;
                            version?: number;
                            status: string;
                            bundle_version?: number | null;
                            coverage_warnings?: {
                                kind: string;
                                values: string[];
                                message: string;
                                exception_id?: string;
                            }[];
                            overlap_warnings?: {
                                kind: string;
                                policy_id: string;
                                policy_number: number;
                                policy_name: string;
                                detectors: string[];
                                classifications: string[];
                                categories: string[];
                                removable_device: boolean;
                                response: {
                                    this: string;
                                    other: string;
                                };
                                offline_response: {
                                    this: string;
                                    other: string;
                                };
                                message: string;
                            }[];
                            policy_disabled?: boolean;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/policies/scope-preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        scope: {
                            departments?: string[];
                            channels?: string[];
                            operating_systems?: string[];
                            destinations?: string[];
                            sources?: string[];
                            applications?: string[];
                            user_ids?: string[];
                            groups?: string[];
                            device_ids?: string[];
                            agent_groups?: string[];
                            include_targets?: {
                                kind: "directory_group" | "endpoint" | "endpoint_group";
                                source: {
                                    type: string;
                                    domain_sid?: string;
                                };
                                object_id: string;
                                label?: string;
                            }[];
                            exclude_targets?: {
                                kind: "directory_group" | "endpoint" | "endpoint_group";
                                source: {
                                    type: string;
                                    domain_sid?: string;
                                };
                                object_id: string;
                                label?: string;
                            }[];
                        };
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            eligible_endpoints: number;
                            active_endpoints: number;
                            ineligible: {
                                platform_not_in_scope: number;
                                endpoint_not_targeted: number;
                                endpoint_group_not_targeted: number;
                                excluded: number;
                            };
                            whole_fleet: boolean;
                            user_membership?: string;
                            unresolved_targets: {
                                kind: string;
                                object_id: string;
                            }[];
                            directories: {
                                domain_sid: string;
                                verification: string;
                                last_verified_at: string | null;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/policies/simulate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        text: string;
                        /** @enum {string} */
                        channel: "removable_storage" | "browser_upload" | "cloud_storage" | "mobile_device" | "optical_disc" | "bluetooth" | "file_open" | "file_delete" | "file_create" | "file_modify" | "file_rename" | "archive_create" | "discovery" | "print" | "clipboard" | "cloud_sync_folder" | "network_connection";
                        os?: string;
                        agent_group?: string;
                        destination_domain?: string;
                        application?: string;
                        source_path?: string;
                        file_extension?: string;
                        user_sid?: string;
                        user_groups?: string[];
                        network_location?: "corporate" | "vpn" | "off_network" | "unknown";
                        /** Format: uuid */
                        policy_id?: string;
                        version?: number;
                        /** Format: uuid */
                        endpoint_id?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            outcome: string;
                            final_action: string | null;
                            requested_action: string | null;
                            decided_by_policy_id: string | null;
                            matched_policies: {
                                policy_id: string;
                                policy_number: number;
                                version: number;
                                priority: number;
                                severity: string;
                                test: boolean;
                                standing_action: string;
                                action: string | null;
                                exception: {
                                    exception_id: string;
                                    approved_by: string;
                                    effect: string;
                                    downgrade_to: string | null;
                                } | null;
                                risk_step: {
                                    at_or_above: number | null;
                                    action: string;
                                } | null;
                                label: {
                                    value: string;
                                    replace_existing: boolean;
                                } | null;
                                raise_every_match: boolean;
                                evidence: {
                                    path: string;
                                    op: string;
                                    value: string;
                                    code: string;
                                    coordinate?: {
                                        classification_id: string;
                                        classification_version: number;
                                        revision: number;
                                    };
                                    rule_id?: string;
                                    element_ids?: string[];
                                    detector_ids?: string[];
                                    corpus_id?: string;
                                    corpus_version?: number;
                                    coverage?: number;
                                }[];
                                explanation: {
                                    code: string;
                                    text: string;
                                }[];
                            }[];
                            not_matched: {
                                policy_id: string;
                                stage: string;
                                code: string;
                                text: string;
                            }[];
                            exception_applied: {
                                exception_id: string;
                                approved_by: string;
                                effect: string;
                                downgrade_to: string | null;
                                policy_id: string;
                            } | null;
                            conflict: {
                                strategy: string;
                                strategy_policy_id: string;
                                winner_policy_id: string;
                                candidates: number;
                            } | null;
                            superseded_policy_ids: string[];
                            risk: {
                                score: number;
                                band: string;
                                model_version: string;
                                factors: {
                                    name: string;
                                    points: number;
                                }[];
                                top_factors: {
                                    name: string;
                                    points: number;
                                }[];
                                undetermined: string[];
                            } | null;
                            explanation: {
                                code: string;
                                text: string;
                            }[];
                            evaluation_duration_ms: number;
                            endpoint?: {
                                id: string;
                                hostname: string | null;
                                os: string | null;
                                group: string | null;
                                last_seen_at: string | null;
                                online: boolean;
                            };
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/policies/{id}/enabled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        enabled: boolean;
                        reason: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            policy_id: string;
                            enabled: boolean;
                            status: string;
                            bundle_version: number | null;
                        };
                    };
                };
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            status: string;
                            request_id: string;
                            bundle_version: null;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/policies/{id}/disable/{request_id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    request_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            policy_id: string;
                            enabled: boolean;
                            status: string;
                            bundle_version: number | null;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/policies/{id}/disable/{request_id}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    request_id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        reason: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/policies/{id}/disable/{request_id}/withdraw": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    request_id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        reason: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/policies/reorder": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        order: string[];
                        reason: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            bundle_version: number;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/policies/{id}/group": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        group: string | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            policy_id: string;
                            group: string | null;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/policy-settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            notice_language: string;
                            help_address: string | null;
                            second_person_rule: boolean;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        notice_language?: string;
                        help_address?: string | null;
                        second_person_rule?: boolean;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            notice_language: string;
                            help_address: string | null;
                            second_person_rule: boolean;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/policies/{id}/versions/{version}/package": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    version: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            format: "svc.policy-package";
                            /** @enum {number} */
                            format_version: 1;
                            product_version: string;
                            exported_at: string;
                            source: {
                                tenant_id: string;
                                policy_id: string;
                                policy_number: number;
                                version: number;
                                version_status: string;
                            };
                            policy: {
                                name: string;
                                description: string | null;
                                group: string | null;
                                spec: {
                                    name: string;
                                    description?: string;
                                    mode?: string;
                                    severity: string;
                                    priority?: number;
                                    group?: string | null;
                                    scope: {
                                        departments?: string[];
                                        channels?: string[];
                                        operating_systems?: string[];
                                        destinations?: string[];
                                        sources?: string[];
                                        applications?: string[];
                                        user_ids?: string[];
                                        groups?: string[];
                                        device_ids?: string[];
                                        agent_groups?: string[];
                                        include_targets?: {
                                            kind: string;
                                            source: {
                                                type: string;
                                                domain_sid?: string;
                                            };
                                            object_id: string;
                                            label?: string;
                                        }[];
                                        exclude_targets?: {
                                            kind: string;
                                            source: {
                                                type: string;
                                                domain_sid?: string;
                                            };
                                            object_id: string;
                                            label?: string;
                                        }[];
                                        exclude_groups?: string[];
                                        exclude_device_ids?: string[];
                                        exclude_agent_groups?: string[];
                                    };
                                    condition: components["schemas"]["def-0"];
                                    exceptions?: {
                                        id: string;
                                        reason: string;
                                        approved_by: string;
                                        expires_at?: string | null;
                                        scope: {
                                            departments?: string[];
                                            channels?: string[];
                                            operating_systems?: string[];
                                            destinations?: string[];
                                            sources?: string[];
                                            applications?: string[];
                                            user_ids?: string[];
                                            groups?: string[];
                                            device_ids?: string[];
                                            agent_groups?: string[];
                                            include_targets?: {
                                                kind: string;
                                                source: {
                                                    type: string;
                                                    domain_sid?: string;
                                                };
                                                object_id: string;
                                                label?: string;
                                            }[];
                                            exclude_targets?: {
                                                kind: string;
                                                source: {
                                                    type: string;
                                                    domain_sid?: string;
                                                };
                                                object_id: string;
                                                label?: string;
                                            }[];
                                            exclude_groups?: string[];
                                            exclude_device_ids?: string[];
                                            exclude_agent_groups?: string[];
                                        };
                                        downgrade_to?: string | null;
                                    }[];
                                    response: string;
                                    offline_response?: string | null;
                                    evidence?: {
                                        metadata?: boolean;
                                        redacted_previews?: boolean;
                                        context_snippets?: boolean;
                                        full_file?: boolean;
                                    };
                                    schedule?: {
                                        timezone: string;
                                        days_of_week: number[];
                                        start_minute: number;
                                        end_minute: number;
                                    } | null;
                                    conflict_strategy?: string;
                                    change_reason: string;
                                    notifications?: {
                                        user_message?: string | null;
                                        prompt_message_id?: string | null;
                                        user_messages?: {
                                            en?: string;
                                            az?: string;
                                            ru?: string;
                                            tr?: string;
                                        };
                                        justification?: {
                                            reasons?: string[];
                                            free_text?: boolean;
                                            min_chars?: number;
                                        };
                                    };
                                    risk_thresholds?: {
                                        below: string;
                                        steps: {
                                            at_or_above: number;
                                            action: string;
                                        }[];
                                    } | null;
                                    apply_label?: {
                                        value: string;
                                        replace_existing?: boolean;
                                    } | null;
                                    raise_every_match?: boolean;
                                    connection?: {
                                        mode: string;
                                        applications: string[];
                                        destinations: {
                                            address: string;
                                            ports?: number[];
                                        }[];
                                    } | null;
                                    effective_from?: string | null;
                                    effective_until?: string | null;
                                    sandbox?: boolean;
                                };
                            };
                            dependencies: {
                                key: string;
                                kind: "detector" | "classification" | "prompt_message" | "scope_user" | "scope_group" | "scope_department" | "scope_device" | "scope_endpoint_group" | "scope_target";
                                value: string;
                                version?: number;
                                revision?: number;
                                target?: {
                                    kind: string;
                                    source: {
                                        type: string;
                                        domain_sid?: string;
                                    };
                                    object_id: string;
                                    label?: string;
                                };
                                name?: string;
                                origin?: "builtin" | "tenant";
                                paths: string[];
                            }[];
                            digest: string;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/policy-packages/dry-run": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        package: {
                            /** @enum {string} */
                            format: "svc.policy-package";
                            /** @enum {number} */
                            format_version: 1;
                            product_version: string;
                            exported_at: string;
                            source: {
                                tenant_id: string;
                                policy_id: string;
                                policy_number: number;
                                version: number;
                                version_status: string;
                            };
                            policy: {
                                name: string;
                                description: string | null;
                                group: ("email" | "web" | "removable_media" | "cloud" | "print" | "clipboard" | "network_share" | "discovery" | "other") | null;
                                /** @description policy version fields (docs/policies.md) */
                                spec: {
                                    [key: string]: unknown;
                                };
                            };
                            dependencies: {
                                key: string;
                                kind: "detector" | "classification" | "prompt_message" | "scope_user" | "scope_group" | "scope_department" | "scope_device" | "scope_endpoint_group" | "scope_target";
                                value: string;
                                version?: number;
                                revision?: number;
                                target?: {
                                    kind: "directory_group" | "endpoint" | "endpoint_group";
                                    source: {
                                        /** @enum {string} */
                                        type: "windows_directory";
                                        domain_sid: string;
                                    } | {
                                        /** @enum {string} */
                                        type: "svc";
                                    };
                                    object_id: string;
                                    label?: string;
                                };
                                name?: string;
                                origin?: "builtin" | "tenant";
                                paths: string[];
                            }[];
                            digest: string;
                        };
                        mappings?: {
                            key: string;
                            to?: string | {
                                classification_id: string;
                                classification_version: number;
                                revision: number;
                            } | {
                                kind: "directory_group" | "endpoint" | "endpoint_group";
                                source: {
                                    /** @enum {string} */
                                    type: "windows_directory";
                                    domain_sid: string;
                                } | {
                                    /** @enum {string} */
                                    type: "svc";
                                };
                                object_id: string;
                                label?: string;
                            };
                            remove?: boolean;
                        }[];
                        name?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            source: {
                                tenant_id: string;
                                policy_id: string;
                                policy_number: number;
                                version: number;
                                version_status: string;
                            };
                            product_version: string;
                            digest: string;
                            same_tenant: boolean;
                            name: string;
                            name_conflict?: {
                                policy_id: string;
                                number: number;
                            };
                            previously_imported: {
                                policy_id: string;
                                number: number;
                                imported_at: string;
                                digest: string;
                            }[];
                            dependencies: {
                                key: string;
                                kind: "detector" | "classification" | "prompt_message" | "scope_user" | "scope_group" | "scope_department" | "scope_device" | "scope_endpoint_group" | "scope_target";
                                value: string;
                                version?: number;
                                revision?: number;
                                target?: {
                                    kind: string;
                                    source: {
                                        type: string;
                                        domain_sid?: string;
                                    };
                                    object_id: string;
                                    label?: string;
                                };
                                name?: string;
                                origin?: "builtin" | "tenant";
                                paths: string[];
                                state: "exact" | "requires_mapping" | "missing" | "incompatible" | "mapped" | "removed";
                                resolved_to: string | null;
                                message: string;
                                removable: boolean;
                            }[];
                            issues: {
                                field: string;
                                message: string;
                            }[];
                            blocking: boolean;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/policy-packages/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        package: {
                            /** @enum {string} */
                            format: "svc.policy-package";
                            /** @enum {number} */
                            format_version: 1;
                            product_version: string;
                            exported_at: string;
                            source: {
                                tenant_id: string;
                                policy_id: string;
                                policy_number: number;
                                version: number;
                                version_status: string;
                            };
                            policy: {
                                name: string;
                                description: string | null;
                                group: ("email" | "web" | "removable_media" | "cloud" | "print" | "clipboard" | "network_share" | "discovery" | "other") | null;
                                /** @description policy version fields (docs/policies.md) */
                                spec: {
                                    [key: string]: unknown;
                                };
                            };
                            dependencies: {
                                key: string;
                                kind: "detector" | "classification" | "prompt_message" | "scope_user" | "scope_group" | "scope_department" | "scope_device" | "scope_endpoint_group" | "scope_target";
                                value: string;
                                version?: number;
                                revision?: number;
                                target?: {
                                    kind: "directory_group" | "endpoint" | "endpoint_group";
                                    source: {
                                        /** @enum {string} */
                                        type: "windows_directory";
                                        domain_sid: string;
                                    } | {
                                        /** @enum {string} */
                                        type: "svc";
                                    };
                                    object_id: string;
                                    label?: string;
                                };
                                name?: string;
                                origin?: "builtin" | "tenant";
                                paths: string[];
                            }[];
                            digest: string;
                        };
                        mappings?: {
                            key: string;
                            to?: string | {
                                classification_id: string;
                                classification_version: number;
                                revision: number;
                            } | {
                                kind: "directory_group" | "endpoint" | "endpoint_group";
                                source: {
                                    /** @enum {string} */
                                    type: "windows_directory";
                                    domain_sid: string;
                                } | {
                                    /** @enum {string} */
                                    type: "svc";
                                };
                                object_id: string;
                                label?: string;
                            };
                            remove?: boolean;
                        }[];
                        name?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            /** @enum {number} */
                            version: 1;
                            report: {
                                source: {
                                    tenant_id: string;
                                    policy_id: string;
                                    policy_number: number;
                                    version: number;
                                    version_status: string;
                                };
                                product_version: string;
                                digest: string;
                                same_tenant: boolean;
                                name: string;
                                name_conflict?: {
                                    policy_id: string;
                                    number: number;
                                };
                                previously_imported: {
                                    policy_id: string;
                                    number: number;
                                    imported_at: string;
                                    digest: string;
                                }[];
                                dependencies: {
                                    key: string;
                                    kind: "detector" | "classification" | "prompt_message" | "scope_user" | "scope_group" | "scope_department" | "scope_device" | "scope_endpoint_group" | "scope_target";
                                    value: string;
                                    version?: number;
                                    revision?: number;
                                    target?: {
                                        kind: string;
                                        source: {
                                            type: string;
                                            domain_sid?: string;
                                        };
                                        object_id: string;
                                        label?: string;
                                    };
                                    name?: string;
                                    origin?: "builtin" | "tenant";
                                    paths: string[];
                                    state: "exact" | "requires_mapping" | "missing" | "incompatible" | "mapped" | "removed";
                                    resolved_to: string | null;
                                    message: string;
                                    removable: boolean;
                                }[];
                                issues: {
                                    field: string;
                                    message: string;
                                }[];
                                blocking: boolean;
                            };
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/policy-bundles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    paged?: boolean;
                    limit?: number;
                    offset?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            version: number;
                            reason: string;
                            created_at: string;
                            required_capabilities: string[];
                        }[] | {
                            items: {
                                version: number;
                                reason: string;
                                created_at: string;
                                required_capabilities: string[];
                            }[];
                            total: number;
                            limit: number;
                            offset: number;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/policy-bundles/diff": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query: {
                    from: number;
                    to: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            from: number;
                            to: number;
                            policies: {
                                added: string[];
                                removed: string[];
                                changed: {
                                    id: string;
                                    fields: string[];
                                }[];
                            };
                            detectors: {
                                added: string[];
                                removed: string[];
                                changed: string[];
                            };
                            classifications: {
                                added: string[];
                                removed: string[];
                                changed: string[];
                            };
                            changed_sections: string[];
                            content_unchanged: boolean;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/system/signing-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            trust_version: number;
                            keys: {
                                key_id: string;
                                state: "active" | "incoming" | "rotating" | "retired";
                                public_key_b64: string;
                                /** Format: date-time */
                                created_at: string;
                                retired_at: string | null;
                                overlap_trust_version: number | null;
                            }[];
                            rotation: {
                                overlap_trust_version: number;
                                endpoints_below_overlap: number;
                                device_ids: string[];
                            } | null;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/system/signing-keys/rotation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            trust_version: number;
                            keys: {
                                key_id: string;
                                state: "active" | "incoming" | "rotating" | "retired";
                                public_key_b64: string;
                                /** Format: date-time */
                                created_at: string;
                                retired_at: string | null;
                                overlap_trust_version: number | null;
                            }[];
                            rotation: {
                                overlap_trust_version: number;
                                endpoints_below_overlap: number;
                                device_ids: string[];
                            } | null;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/system/signing-keys/rotation/finish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            trust_version: number;
                            keys: {
                                key_id: string;
                                state: "active" | "incoming" | "rotating" | "retired";
                                public_key_b64: string;
                                /** Format: date-time */
                                created_at: string;
                                retired_at: string | null;
                                overlap_trust_version: number | null;
                            }[];
                            rotation: {
                                overlap_trust_version: number;
                                endpoints_below_overlap: number;
                                device_ids: string[];
                            } | null;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/system/signing-keys/{key_id}/retire": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    key_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            trust_version: number;
                            keys: {
                                key_id: string;
                                state: "active" | "incoming" | "rotating" | "retired";
                                public_key_b64: string;
                                /** Format: date-time */
                                created_at: string;
                                retired_at: string | null;
                                overlap_trust_version: number | null;
                            }[];
                            rotation: {
                                overlap_trust_version: number;
                                endpoints_below_overlap: number;
                                device_ids: string[];
                            } | null;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/policy-bundles/compile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            bundle_version: number;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/fingerprint-corpora": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                id: string;
                                name: string;
                                description: string | null;
                                window: number;
                                winnow: number;
                                version: number;
                                document_count: number;
                                too_short_count: number;
                                fingerprint_count: number;
                                size_bytes: number;
                                built_by: string | null;
                                built_at: string | null;
                                created_by: string;
                                /** Format: date-time */
                                created_at: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                        description?: string;
                        window?: number;
                        winnow?: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            name: string;
                            description: string | null;
                            window: number;
                            winnow: number;
                            version: number;
                            document_count: number;
                            too_short_count: number;
                            fingerprint_count: number;
                            size_bytes: number;
                            built_by: string | null;
                            built_at: string | null;
                            created_by: string;
                            /** Format: date-time */
                            created_at: string;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/fingerprint-corpora/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            name: string;
                            description: string | null;
                            window: number;
                            winnow: number;
                            version: number;
                            document_count: number;
                            too_short_count: number;
                            fingerprint_count: number;
                            size_bytes: number;
                            built_by: string | null;
                            built_at: string | null;
                            created_by: string;
                            /** Format: date-time */
                            created_at: string;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        reason: string;
                        acknowledged_policy_ids?: string[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            versions_removed: number;
                            bundle_version: number | null;
                            policy_ids: string[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/fingerprint-corpora/{id}/build": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        mode?: "replace" | "add";
                        documents: {
                            /** Format: byte */
                            content_base64: string;
                        }[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            corpus: {
                                id: string;
                                name: string;
                                description: string | null;
                                window: number;
                                winnow: number;
                                version: number;
                                document_count: number;
                                too_short_count: number;
                                fingerprint_count: number;
                                size_bytes: number;
                                built_by: string | null;
                                built_at: string | null;
                                created_by: string;
                                /** Format: date-time */
                                created_at: string;
                            };
                            bundle_version: number | null;
                            documents: {
                                status: "kept" | "too_short";
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/fingerprint-corpora/{id}/probe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        text: string;
                        kind?: "exact" | "normalised" | "partial";
                        min_coverage?: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            corpus_id: string;
                            version: number;
                            too_short: boolean;
                            kinds: {
                                kind: "exact" | "normalised" | "partial";
                                result: "match" | "no_match" | "too_short";
                                min_coverage: number;
                                coverage: number | null;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/prompt-messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                id: string;
                                version: number;
                                name: string;
                                action: string;
                                texts: {
                                    en: string;
                                    az?: string;
                                    ru?: string;
                                    tr?: string;
                                };
                                builtin: boolean;
                                retired_at: string | null;
                                created_at: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                        action: string;
                        texts: {
                            [key: string]: string;
                        };
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            version: number;
                            name: string;
                            action: string;
                            texts: {
                                en: string;
                                az?: string;
                                ru?: string;
                                tr?: string;
                            };
                            builtin: boolean;
                            retired_at: string | null;
                            created_at: string;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/prompt-messages/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                        action: string;
                        texts: {
                            [key: string]: string;
                        };
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            version: number;
                            name: string;
                            action: string;
                            texts: {
                                en: string;
                                az?: string;
                                ru?: string;
                                tr?: string;
                            };
                            builtin: boolean;
                            retired_at: string | null;
                            created_at: string;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/prompt-messages/{id}/retire": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/approved-devices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                id: string;
                                serial: string;
                                device_class: string | null;
                                label: string | null;
                                created_at: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        serial?: string;
                        /** @enum {string} */
                        device_class?: "usb_mass_storage" | "memory_card" | "optical_disc" | "mobile_device" | "unclassified";
                        label?: string;
                        items?: {
                            serial: string;
                            /** @enum {string} */
                            device_class?: "usb_mass_storage" | "memory_card" | "optical_disc" | "mobile_device" | "unclassified";
                            label?: string;
                        }[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            bundle_version: number | null;
                        } | {
                            items: {
                                id: string;
                                serial: string;
                                created: boolean;
                            }[];
                            bundle_version: number | null;
                        };
                    };
                };
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            bundle_version: number | null;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/approved-devices/seen": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    paged?: boolean;
                    limit?: number;
                    offset?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            serial: string;
                            device_class: string | null;
                            vendor: string | null;
                            model: string | null;
                            endpoints: number;
                            events: number;
                            first_seen_at: string;
                            last_seen_at: string;
                            approved_device_id: string | null;
                        }[] | {
                            items: {
                                serial: string;
                                device_class: string | null;
                                vendor: string | null;
                                model: string | null;
                                endpoints: number;
                                events: number;
                                first_seen_at: string;
                                last_seen_at: string;
                                approved_device_id: string | null;
                            }[];
                            total: number;
                            limit: number;
                            offset: number;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/approved-devices/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            bundle_version: number | null;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/detectors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                id: string;
                                version: number;
                                category: string;
                                description?: string;
                                builtin: boolean;
                                pattern?: string;
                                case_insensitive?: boolean;
                                keywords?: string[];
                                proximity?: number;
                                keyword_required?: boolean;
                                validator?: string;
                                confidence?: number;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            version: number;
                            category: string;
                            description?: string;
                            builtin: boolean;
                            pattern?: string;
                            case_insensitive?: boolean;
                            keywords?: string[];
                            proximity?: number;
                            keyword_required?: boolean;
                            validator?: string;
                            confidence?: number;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/classifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                classification_id: string;
                                classification_version: number;
                                revision: number;
                                name: string;
                                rules: {
                                    rule_id: string;
                                    name: string;
                                    elements: {
                                        element_id: string;
                                        detector_id: string;
                                        min_matches: number;
                                        min_confidence: number;
                                        require_validated: boolean;
                                    }[];
                                    min_elements?: number;
                                }[];
                                enabled: boolean;
                                created_at?: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        classification_id: string;
                        name: string;
                        rules: unknown[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            classification_id: string;
                            classification_version: number;
                            revision: number;
                            name: string;
                            rules: {
                                rule_id: string;
                                name: string;
                                elements: {
                                    element_id: string;
                                    detector_id: string;
                                    min_matches: number;
                                    min_confidence: number;
                                    require_validated: boolean;
                                }[];
                                min_elements?: number;
                            }[];
                            enabled: boolean;
                            created_at?: string;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/classifications/{id}/revisions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                        rules: unknown[];
                        new_version?: boolean;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            classification_id: string;
                            classification_version: number;
                            revision: number;
                            name: string;
                            rules: {
                                rule_id: string;
                                name: string;
                                elements: {
                                    element_id: string;
                                    detector_id: string;
                                    min_matches: number;
                                    min_confidence: number;
                                    require_validated: boolean;
                                }[];
                                min_elements?: number;
                            }[];
                            enabled: boolean;
                            created_at?: string;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/classifications/{id}/enabled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        enabled: boolean;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            classification_id: string;
                            enabled: boolean;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/settings/network-indicators": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            revision: number;
                            dns_suffixes: string[];
                            ip_ranges: string[];
                            updated_at: string | null;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        dns_suffixes: string[];
                        ip_ranges: string[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            revision: number;
                            dns_suffixes: string[];
                            ip_ranges: string[];
                            updated_at: string | null;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/exception-requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    state?: "pending" | "approved" | "refused" | "withdrawn" | "expired";
                    subject?: string;
                    policy?: string;
                    limit?: number;
                    offset?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            requests: {
                                id: string;
                                reference: string;
                                state: "pending" | "approved" | "refused" | "withdrawn" | "expired";
                                device_id: string;
                                subject: string | null;
                                identity_unmapped: boolean;
                                policy_id: string;
                                policy_version: number;
                                policy_name: string | null;
                                channel: string;
                                destination: string | null;
                                file_name: string | null;
                                file_hash: string;
                                category: string;
                                justification: string;
                                prompt_reference: string;
                                /** Format: date-time */
                                created_at: string;
                                /** Format: date-time */
                                lapses_at: string;
                                decided_at: string | null;
                                decided_by: string | null;
                                note: string | null;
                                approved_until: string | null;
                                closed_at: string | null;
                                close_reason: string | null;
                            }[];
                            total: number;
                            limit: number;
                            offset: number;
                            lapsed: number;
                            sla_hours: number;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/exception-requests/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            reference: string;
                            state: "pending" | "approved" | "refused" | "withdrawn" | "expired";
                            device_id: string;
                            subject: string | null;
                            identity_unmapped: boolean;
                            policy_id: string;
                            policy_version: number;
                            policy_name: string | null;
                            channel: string;
                            destination: string | null;
                            file_name: string | null;
                            file_hash: string;
                            category: string;
                            justification: string;
                            prompt_reference: string;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            lapses_at: string;
                            decided_at: string | null;
                            decided_by: string | null;
                            note: string | null;
                            approved_until: string | null;
                            closed_at: string | null;
                            close_reason: string | null;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/exception-requests/{id}/decision": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        approve: boolean;
                        note?: string;
                        minutes?: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            reference: string;
                            state: "pending" | "approved" | "refused" | "withdrawn" | "expired";
                            device_id: string;
                            subject: string | null;
                            identity_unmapped: boolean;
                            policy_id: string;
                            policy_version: number;
                            policy_name: string | null;
                            channel: string;
                            destination: string | null;
                            file_name: string | null;
                            file_hash: string;
                            category: string;
                            justification: string;
                            prompt_reference: string;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            lapses_at: string;
                            decided_at: string | null;
                            decided_by: string | null;
                            note: string | null;
                            approved_until: string | null;
                            closed_at: string | null;
                            close_reason: string | null;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/exception-requests/{id}/withdraw": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        reason: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            reference: string;
                            state: "pending" | "approved" | "refused" | "withdrawn" | "expired";
                            device_id: string;
                            subject: string | null;
                            identity_unmapped: boolean;
                            policy_id: string;
                            policy_version: number;
                            policy_name: string | null;
                            channel: string;
                            destination: string | null;
                            file_name: string | null;
                            file_hash: string;
                            category: string;
                            justification: string;
                            prompt_reference: string;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            lapses_at: string;
                            decided_at: string | null;
                            decided_by: string | null;
                            note: string | null;
                            approved_until: string | null;
                            closed_at: string | null;
                            close_reason: string | null;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/settings/approver-label": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        label: string;
                        reason: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            label: string | null;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/teams": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                id: string;
                                name: string;
                                member_count: number;
                                member: boolean;
                                members: {
                                    user_id: string;
                                    email: string;
                                    display_name: string | null;
                                }[];
                                /** Format: date-time */
                                created_at: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            name: string;
                            member_count: number;
                            member: boolean;
                            members: {
                                user_id: string;
                                email: string;
                                display_name: string | null;
                            }[];
                            /** Format: date-time */
                            created_at: string;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/teams/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/teams/{id}/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: uuid */
                        user_id: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            added: boolean;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/teams/{id}/members/{user_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    user_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/saved-views": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query: {
                    surface: "incidents" | "activity_explorer";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                id: string;
                                surface: "incidents" | "activity_explorer";
                                name: string;
                                state: {
                                    filters: {
                                        name: string;
                                        value: string;
                                    }[];
                                    sort: string | null;
                                    columns: string[];
                                };
                                visibility: "me" | "team" | "organisation";
                                team_id: string | null;
                                team_name: string | null;
                                is_default: boolean;
                                owned: boolean;
                                opens_in: boolean;
                                /** Format: date-time */
                                created_at: string;
                                last_used_at: string | null;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        surface: "incidents" | "activity_explorer";
                        name: string;
                        state: {
                            filters: {
                                name: string;
                                value: string;
                            }[];
                            sort?: string | null;
                            columns?: string[];
                        };
                        visibility: "me" | "team" | "organisation";
                        /** Format: uuid */
                        team_id?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            surface: "incidents" | "activity_explorer";
                            name: string;
                            state: {
                                filters: {
                                    name: string;
                                    value: string;
                                }[];
                                sort: string | null;
                                columns: string[];
                            };
                            visibility: "me" | "team" | "organisation";
                            team_id: string | null;
                            team_name: string | null;
                            is_default: boolean;
                            owned: boolean;
                            opens_in: boolean;
                            /** Format: date-time */
                            created_at: string;
                            last_used_at: string | null;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/saved-views/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/saved-views/{id}/default": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        default: boolean;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            surface: "incidents" | "activity_explorer";
                            name: string;
                            state: {
                                filters: {
                                    name: string;
                                    value: string;
                                }[];
                                sort: string | null;
                                columns: string[];
                            };
                            visibility: "me" | "team" | "organisation";
                            team_id: string | null;
                            team_name: string | null;
                            is_default: boolean;
                            owned: boolean;
                            opens_in: boolean;
                            /** Format: date-time */
                            created_at: string;
                            last_used_at: string | null;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/saved-views/{id}/used": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            /** Format: date-time */
                            used_at: string;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/reports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                id: string;
                                name: string;
                                description: string | null;
                                subject: string | null;
                                kind: "list" | "triage_sla" | "policy_effectiveness" | "executive_summary";
                                filters: {
                                    status?: string;
                                    severity?: string;
                                    channel?: string;
                                    action?: string;
                                    category?: string;
                                    username?: string;
                                    policy_id?: string;
                                    search?: string;
                                    open_only?: boolean;
                                    min_risk?: number;
                                    enforcement?: string;
                                    assignee?: string;
                                    origin?: string;
                                    window?: {
                                        last_days: number;
                                    } | {
                                        /** Format: date-time */
                                        from: string;
                                        /** Format: date-time */
                                        to: string;
                                    };
                                    regime?: string;
                                    sla?: string;
                                    file_state?: string;
                                    device?: string;
                                    person?: string;
                                    anomaly?: string;
                                };
                                template_id: string | null;
                                row_version: number;
                                created_by: string | null;
                                /** Format: date-time */
                                created_at: string;
                                /** Format: date-time */
                                updated_at: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                        description?: string | null;
                        subject?: string | null;
                        kind?: "list" | "triage_sla" | "policy_effectiveness" | "executive_summary";
                        filters?: {
                            status?: string;
                            severity?: string;
                            channel?: string;
                            action?: string;
                            category?: string;
                            username?: string;
                            policy_id?: string;
                            search?: string;
                            open_only?: boolean;
                            min_risk?: number;
                            enforcement?: string;
                            assignee?: string;
                            origin?: string;
                            window?: {
                                last_days: number;
                            } | {
                                /** Format: date-time */
                                from: string;
                                /** Format: date-time */
                                to: string;
                            };
                            regime?: string;
                            sla?: string;
                            file_state?: string;
                            device?: string;
                            person?: string;
                            anomaly?: string;
                        };
                        template_id?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            name: string;
                            description: string | null;
                            subject: string | null;
                            kind: "list" | "triage_sla" | "policy_effectiveness" | "executive_summary";
                            filters: {
                                status?: string;
                                severity?: string;
                                channel?: string;
                                action?: string;
                                category?: string;
                                username?: string;
                                policy_id?: string;
                                search?: string;
                                open_only?: boolean;
                                min_risk?: number;
                                enforcement?: string;
                                assignee?: string;
                                origin?: string;
                                window?: {
                                    last_days: number;
                                } | {
                                    /** Format: date-time */
                                    from: string;
                                    /** Format: date-time */
                                    to: string;
                                };
                                regime?: string;
                                sla?: string;
                                file_state?: string;
                                device?: string;
                                person?: string;
                                anomaly?: string;
                            };
                            template_id: string | null;
                            row_version: number;
                            created_by: string | null;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/reports/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name?: string;
                        description?: string | null;
                        subject?: string | null;
                        kind?: "list" | "triage_sla" | "policy_effectiveness" | "executive_summary";
                        filters?: {
                            status?: string;
                            severity?: string;
                            channel?: string;
                            action?: string;
                            category?: string;
                            username?: string;
                            policy_id?: string;
                            search?: string;
                            open_only?: boolean;
                            min_risk?: number;
                            enforcement?: string;
                            assignee?: string;
                            origin?: string;
                            window?: {
                                last_days: number;
                            } | {
                                /** Format: date-time */
                                from: string;
                                /** Format: date-time */
                                to: string;
                            };
                            regime?: string;
                            sla?: string;
                            file_state?: string;
                            device?: string;
                            person?: string;
                            anomaly?: string;
                        };
                        template_id?: string | null;
                        expected_version?: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            name: string;
                            description: string | null;
                            subject: string | null;
                            kind: "list" | "triage_sla" | "policy_effectiveness" | "executive_summary";
                            filters: {
                                status?: string;
                                severity?: string;
                                channel?: string;
                                action?: string;
                                category?: string;
                                username?: string;
                                policy_id?: string;
                                search?: string;
                                open_only?: boolean;
                                min_risk?: number;
                                enforcement?: string;
                                assignee?: string;
                                origin?: string;
                                window?: {
                                    last_days: number;
                                } | {
                                    /** Format: date-time */
                                    from: string;
                                    /** Format: date-time */
                                    to: string;
                                };
                                regime?: string;
                                sla?: string;
                                file_state?: string;
                                device?: string;
                                person?: string;
                                anomaly?: string;
                            };
                            template_id: string | null;
                            row_version: number;
                            created_by: string | null;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        reason: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/report-templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                id: string;
                                regime: string;
                                name: string;
                                description: string;
                                kind: "list" | "triage_sla" | "policy_effectiveness" | "executive_summary";
                                filters: {
                                    status?: string;
                                    severity?: string;
                                    channel?: string;
                                    action?: string;
                                    category?: string;
                                    username?: string;
                                    policy_id?: string;
                                    search?: string;
                                    open_only?: boolean;
                                    min_risk?: number;
                                    enforcement?: string;
                                    assignee?: string;
                                    origin?: string;
                                    window?: {
                                        last_days: number;
                                    } | {
                                        /** Format: date-time */
                                        from: string;
                                        /** Format: date-time */
                                        to: string;
                                    };
                                    regime?: string;
                                    sla?: string;
                                    file_state?: string;
                                    device?: string;
                                    person?: string;
                                    anomaly?: string;
                                };
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/reports/{id}/run": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    sort?: "reference" | "severity" | "risk_score" | "priority_score" | "first_seen" | "last_seen" | "status" | "channel";
                    dir?: "asc" | "desc";
                    "filter.status"?: string;
                    "filter.severity"?: string;
                    "filter.channel"?: string;
                    "filter.policy"?: string;
                    "filter.assignee"?: string;
                    "filter.data_category"?: string;
                    "filter.hostname"?: string;
                    page_size?: number;
                    offset?: number;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            kind: "list" | "triage_sla" | "policy_effectiveness" | "executive_summary";
                            items: ({
                                id: string;
                                reference: string;
                                title: string;
                                severity: string;
                                status: string;
                                priority_score: number;
                                risk_score: number;
                                channel: string;
                                action: string;
                                hostname: string | null;
                                username: string | null;
                                policy_id: string | null;
                                policy_name: string | null;
                                assignee_email: string | null;
                                /** Format: date-time */
                                created_at: string;
                                /** Format: date-time */
                                first_seen_at: string;
                                /** Format: date-time */
                                last_seen_at: string;
                            } | {
                                group: string;
                                label: string;
                                incidents: number;
                                open: number;
                                blocked: number;
                                response_met: number;
                                response_missed: number;
                                resolution_met: number;
                                resolution_missed: number;
                                false_positives: number;
                            })[];
                            total: number;
                            limit: number;
                            offset: number;
                            window: {
                                from: string | null;
                                to: string | null;
                                last_days: number | null;
                            };
                            truncated: boolean;
                            cap: number;
                            summary: {
                                rows: number;
                                complete: boolean;
                                by_severity: {
                                    critical: number;
                                    high: number;
                                    medium: number;
                                    low: number;
                                    info: number;
                                };
                                by_status: {
                                    new: number;
                                    triaged: number;
                                    investigating: number;
                                    awaiting_user: number;
                                    closed: number;
                                };
                            };
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/reports/{id}/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    sort?: "reference" | "severity" | "risk_score" | "priority_score" | "first_seen" | "last_seen" | "status" | "channel";
                    dir?: "asc" | "desc";
                    "filter.status"?: string;
                    "filter.severity"?: string;
                    "filter.channel"?: string;
                    "filter.policy"?: string;
                    "filter.assignee"?: string;
                    "filter.data_category"?: string;
                    "filter.hostname"?: string;
                    format?: "csv" | "print";
                    approval?: string;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description CSV (default) or, with format=print, a printable HTML document */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/csv": string;
                        "text/html": string;
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/reports/{id}/export-requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: {
                    sort?: "reference" | "severity" | "risk_score" | "priority_score" | "first_seen" | "last_seen" | "status" | "channel";
                    dir?: "asc" | "desc";
                    "filter.status"?: string;
                    "filter.severity"?: string;
                    "filter.channel"?: string;
                    "filter.policy"?: string;
                    "filter.assignee"?: string;
                    "filter.data_category"?: string;
                    "filter.hostname"?: string;
                    format?: "csv" | "print";
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        reason: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            rows: number;
                            threshold: number;
                        };
                    };
                };
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            rows: number;
                            threshold: number;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/reports/export-requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    state?: "pending" | "approved" | "rejected" | "withdrawn";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                id: string;
                                report_id: string;
                                report_name: string | null;
                                requested_by: string;
                                requested_by_email: string | null;
                                reason: string;
                                format: string;
                                view: {
                                    sort: string | null;
                                    dir: string | null;
                                    filters: {
                                        name: string;
                                        value: string;
                                    }[];
                                };
                                rows: number;
                                threshold: number;
                                state: string;
                                decided_by_email: string | null;
                                decided_at: string | null;
                                used_at: string | null;
                                /** Format: date-time */
                                created_at: string;
                                mine: boolean;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/reports/export-requests/{id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/reports/export-requests/{id}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/reports/export-requests/{id}/withdraw": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/settings/report-exports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        approval_above_rows: number | null;
                        reason: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            approval_above_rows: number | null;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/activity-events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    from?: string;
                    to?: string;
                    search?: string;
                    channel?: string;
                    outcome?: string;
                    action?: string;
                    category?: "financial" | "national_id" | "contact" | "network" | "credentials";
                    trust?: "internet" | "local" | "none";
                    user?: string;
                    endpoint?: string;
                    policy?: string;
                    policy_id?: string;
                    related_file?: string;
                    incident?: "matched_no_incident";
                    enforcement?: "applied" | "reduced_by_capability";
                    event_kind?: "user_activity" | "discovery";
                    limit?: number;
                    offset?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            window: {
                                /** Format: date-time */
                                from: string;
                                /** Format: date-time */
                                to: string;
                            };
                            items: {
                                id: string;
                                /** Format: date-time */
                                occurred_at: string;
                                /** Format: date-time */
                                received_at: string;
                                endpoint_id: string;
                                hostname: string | null;
                                user_name: string | null;
                                channel: string;
                                file_name: string | null;
                                requested_action: string;
                                applied_action: string;
                                enforcement_result: "applied" | "reduced_by_capability";
                                reduced: boolean;
                                outcome: "blocked" | "prompted" | "notified" | "audited";
                                severity: string | null;
                                policy_id: string | null;
                                match_count: number;
                                categories: string[];
                                incident_id: string | null;
                            }[];
                            total: number;
                            limit: number;
                            offset: number;
                            channels: string[];
                            categories: {
                                category: string;
                                tenant_detector: boolean;
                            }[];
                            timeline: {
                                bucket: "hour" | "six_hours" | "day";
                                buckets: {
                                    /** Format: date-time */
                                    start: string;
                                    /** Format: date-time */
                                    end: string;
                                    total: number;
                                    by_channel: {
                                        removable_storage: number;
                                        browser_upload: number;
                                        cloud_storage: number;
                                        mobile_device: number;
                                        optical_disc: number;
                                        bluetooth: number;
                                        file_open: number;
                                        file_delete: number;
                                        file_create: number;
                                        file_modify: number;
                                        file_rename: number;
                                        archive_create: number;
                                        discovery: number;
                                        print: number;
                                        clipboard: number;
                                        cloud_sync_folder: number;
                                        network_connection: number;
                                    };
                                    by_outcome: {
                                        blocked: number;
                                        prompted: number;
                                        notified: number;
                                        audited: number;
                                    };
                                }[];
                            };
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/activity-events/discovery-runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    from?: string;
                    to?: string;
                    search?: string;
                    channel?: string;
                    outcome?: string;
                    action?: string;
                    category?: "financial" | "national_id" | "contact" | "network" | "credentials";
                    trust?: "internet" | "local" | "none";
                    user?: string;
                    endpoint?: string;
                    policy?: string;
                    policy_id?: string;
                    related_file?: string;
                    incident?: "matched_no_incident";
                    enforcement?: "applied" | "reduced_by_capability";
                    event_kind?: "user_activity" | "discovery";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            window: {
                                /** Format: date-time */
                                from: string;
                                /** Format: date-time */
                                to: string;
                            };
                            gap_minutes: number;
                            truncated: boolean;
                            runs: {
                                endpoint_id: string;
                                hostname: string | null;
                                /** Format: date-time */
                                started_at: string;
                                /** Format: date-time */
                                ended_at: string;
                                events: number;
                                events_with_matches: number;
                                incidents: number;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/activity-events/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: date-time */
                        from?: string;
                        /** Format: date-time */
                        to?: string;
                        search?: string;
                        channel?: string;
                        outcome?: string;
                        action?: string;
                        category?: "financial" | "national_id" | "contact" | "network" | "credentials";
                        trust?: "internet" | "local" | "none";
                        user?: string;
                        endpoint?: string;
                        policy?: string;
                        policy_id?: string;
                        related_file?: string;
                        incident?: "matched_no_incident";
                        enforcement?: "applied" | "reduced_by_capability";
                        event_kind?: "user_activity" | "discovery";
                        /** Format: uuid */
                        approval?: string;
                    };
                };
            };
            responses: {
                /** @description CSV */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/csv": string;
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/activity-events/export-requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        query: {
                            /** Format: date-time */
                            from?: string;
                            /** Format: date-time */
                            to?: string;
                            search?: string;
                            channel?: string;
                            outcome?: string;
                            action?: string;
                            category?: "financial" | "national_id" | "contact" | "network" | "credentials";
                            trust?: "internet" | "local" | "none";
                            user?: string;
                            endpoint?: string;
                            policy?: string;
                            policy_id?: string;
                            related_file?: string;
                            incident?: "matched_no_incident";
                            enforcement?: "applied" | "reduced_by_capability";
                            event_kind?: "user_activity" | "discovery";
                        };
                        reason: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            rows: number;
                            threshold: number;
                        };
                    };
                };
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            rows: number;
                            threshold: number;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agent/enroll": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        schema_version: {
                            major: number;
                            minor: number;
                        };
                        enrollment_token: string;
                        hardware_id: string;
                        hostname: string;
                        os: string;
                        os_version: string;
                        agent_version: string;
                        device_public_key_b64: string;
                        device_signature_algorithm: string;
                        device_key_protection: string;
                        csr_pem: string;
                        capabilities: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            device_id: string;
                            tenant_id: string;
                            certificate_pem: string;
                            ca_chain_pem: string;
                            certificate_expires_at: string;
                            policy_signing_keys: {
                                key_id: string;
                                public_key_b64: string;
                                algorithm: string;
                                not_after: string | null;
                            }[];
                            policy_trust_version: number;
                            checkin_interval_secs: number;
                            agent_group: string | null;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agent/probe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: uuid */
                        device_id: string;
                        /** Format: date-time */
                        client_time: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            server_time: string;
                            clock_drift_ms: number;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agent/checkin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        health: {
                            [key: string]: unknown;
                        };
                        capabilities: {
                            [key: string]: unknown;
                        };
                        bundle_version: number;
                        policy_trust_version?: number;
                        trusted_policy_key_ids?: string[];
                        edm_key_ids?: string[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            server_time: string;
                            clock_drift_ms: number;
                            policy_update_available: boolean;
                            revoked: boolean;
                            certificate_rotation: boolean;
                            commands: {
                                id: string;
                                kind: string;
                                payload: {
                                    question_id?: string;
                                    reference?: string;
                                    question?: string;
                                    lapses_at?: string;
                                };
                                created_at: string;
                            }[];
                            policy_trust_update: {
                                alg: string;
                                key_id: string;
                                payload_b64: string;
                                signature_b64: string;
                            } | null;
                            agent_group: string | null;
                            agent_update: {
                                release_id: string;
                                version: string;
                                platform: string;
                                size_bytes: number;
                                sha256: string;
                                signature_b64: string;
                                key_id: string;
                                download_path: string;
                            } | null;
                            network_indicators: {
                                revision: number;
                                dns_suffixes: string[];
                                ip_ranges: string[];
                            };
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agent/policy": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            bundle_version: number;
                            bundle: {
                                alg: string;
                                key_id: string;
                                payload_b64: string;
                                signature_b64: string;
                            } | null;
                            reason: string | null;
                            refused: {
                                /** @enum {string} */
                                code: "upgrade_required";
                                missing: string[];
                            } | null;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agent/certificate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        csr_pem: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            certificate_pem: string;
                            /** Format: date-time */
                            certificate_expires_at: string;
                            ca_chain_pem: string;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agent/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        batch_id: string;
                        events: unknown[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            batch_id: string;
                            acks: {
                                event_id: string;
                                status: "Accepted" | "Duplicate" | "Rejected" | "Retry";
                                reason: string | null;
                            }[];
                            throttle_ms: number | null;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agent/evidence-files/{event_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    event_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            size_bytes: number;
                            /** Format: date-time */
                            expires_at: string;
                            new: boolean;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agent/evidence-files/{event_id}/withheld": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    event_id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        reason: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            event_id: string;
                            reason: string;
                            new: boolean;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agent/incident-answers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: uuid */
                        question_id: string;
                        answer: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            question_id: string;
                            comment_id: string;
                            status_changed: boolean;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agent/exception-requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: uuid */
                        request_key: string;
                        policy_id: string;
                        policy_version: number;
                        channel: string;
                        destination?: string | null;
                        file_hash: string;
                        file_name?: string | null;
                        category: string;
                        justification: string;
                        prompt_reference: string;
                        subject?: string | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            reference: string;
                            state: "pending" | "approved" | "refused" | "withdrawn" | "expired";
                            approver_label: string;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agent/exception-requests/{reference}/withdraw": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    reference: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            reference: string;
                            /** @enum {string} */
                            state: "withdrawn";
                            /** Format: date-time */
                            withdrawn_at: string;
                            withdrawn: number;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agent/exception-decisions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        since: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            decisions: {
                                alg: string;
                                key_id: string;
                                payload_b64: string;
                                signature_b64: string;
                            }[];
                            approver_label: string;
                            requests: {
                                reference: string;
                                state: "pending" | "approved" | "refused" | "withdrawn" | "expired";
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agent/update-packages/{release_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    release_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the package bytes, exactly as signed */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/octet-stream": string;
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agent-groups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    include_retired?: boolean;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                id: string;
                                name: string;
                                /** Format: date-time */
                                created_at: string;
                                retired_at: string | null;
                                agent_count: number;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            name: string;
                            /** Format: date-time */
                            created_at: string;
                            retired_at: string | null;
                            agent_count: number;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agent-groups/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/agent-groups/{id}/retire": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    status?: "active" | "revoked" | "uninstalled";
                    group_id?: string;
                    search?: string;
                    limit?: number;
                    offset?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                id: string;
                                hostname: string;
                                status: string;
                                os: string;
                                os_version: string;
                                agent_version: string;
                                group_id: string | null;
                                agent_group: string | null;
                                last_seen_at: string | null;
                                /** Format: date-time */
                                enrolled_at: string;
                                revoked_at: string | null;
                                bundle_version: number;
                                signature_algorithm: string;
                                key_protection: string;
                                /** Format: date-time */
                                certificate_expires_at: string;
                                capabilities: {
                                    os?: string;
                                    os_version?: string;
                                    agent_version?: string;
                                    channels?: {
                                        removable_storage?: {
                                            observe: boolean;
                                            block: boolean;
                                            notify: boolean;
                                            reason?: string | null;
                                        };
                                        browser_upload?: {
                                            observe: boolean;
                                            block: boolean;
                                            notify: boolean;
                                            reason?: string | null;
                                        };
                                        cloud_storage?: {
                                            observe: boolean;
                                            block: boolean;
                                            notify: boolean;
                                            reason?: string | null;
                                        };
                                        mobile_device?: {
                                            observe: boolean;
                                            block: boolean;
                                            notify: boolean;
                                            reason?: string | null;
                                        };
                                        optical_disc?: {
                                            observe: boolean;
                                            block: boolean;
                                            notify: boolean;
                                            reason?: string | null;
                                        };
                                        bluetooth?: {
                                            observe: boolean;
                                            block: boolean;
                                            notify: boolean;
                                            reason?: string | null;
                                        };
                                        file_open?: {
                                            observe: boolean;
                                            block: boolean;
                                            notify: boolean;
                                            reason?: string | null;
                                        };
                                        file_delete?: {
                                            observe: boolean;
                                            block: boolean;
                                            notify: boolean;
                                            reason?: string | null;
                                        };
                                        file_create?: {
                                            observe: boolean;
                                            block: boolean;
                                            notify: boolean;
                                            reason?: string | null;
                                        };
                                        file_modify?: {
                                            observe: boolean;
                                            block: boolean;
                                            notify: boolean;
                                            reason?: string | null;
                                        };
                                        file_rename?: {
                                            observe: boolean;
                                            block: boolean;
                                            notify: boolean;
                                            reason?: string | null;
                                        };
                                        archive_create?: {
                                            observe: boolean;
                                            block: boolean;
                                            notify: boolean;
                                            reason?: string | null;
                                        };
                                        discovery?: {
                                            observe: boolean;
                                            block: boolean;
                                            notify: boolean;
                                            reason?: string | null;
                                        };
                                        print?: {
                                            observe: boolean;
                                            block: boolean;
                                            notify: boolean;
                                            reason?: string | null;
                                        };
                                        clipboard?: {
                                            observe: boolean;
                                            block: boolean;
                                            notify: boolean;
                                            reason?: string | null;
                                        };
                                        cloud_sync_folder?: {
                                            observe: boolean;
                                            block: boolean;
                                            notify: boolean;
                                            reason?: string | null;
                                        };
                                        network_connection?: {
                                            observe: boolean;
                                            block: boolean;
                                            notify: boolean;
                                            reason?: string | null;
                                        };
                                    };
                                    scope_attributes?: string[];
                                    features?: string[];
                                };
                                health: {
                                    queue_depth?: number;
                                    queue_overflow_refused?: number;
                                    queue_overflow_dropped?: number;
                                    events_rejected?: number;
                                    bundle_refusal?: {
                                        code: string;
                                        offered_version?: number | null;
                                    } | null;
                                    clock_offset_ms?: number;
                                    connection_filters?: {
                                        wanted: number;
                                        in_force: number;
                                        reason: string | null;
                                    };
                                    network_location?: string | null;
                                    state?: string;
                                    unwatchable_paths?: {
                                        total: number;
                                        items: {
                                            path: string;
                                            via: string;
                                            cause: string;
                                            code: string | null;
                                            since: string;
                                        }[];
                                    };
                                };
                            }[];
                            total: number;
                            limit: number;
                            offset: number;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agents/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            hostname: string;
                            status: string;
                            os: string;
                            os_version: string;
                            agent_version: string;
                            group_id: string | null;
                            agent_group: string | null;
                            last_seen_at: string | null;
                            /** Format: date-time */
                            enrolled_at: string;
                            revoked_at: string | null;
                            bundle_version: number;
                            signature_algorithm: string;
                            key_protection: string;
                            /** Format: date-time */
                            certificate_expires_at: string;
                            capabilities: {
                                os?: string;
                                os_version?: string;
                                agent_version?: string;
                                channels?: {
                                    removable_storage?: {
                                        observe: boolean;
                                        block: boolean;
                                        notify: boolean;
                                        reason?: string | null;
                                    };
                                    browser_upload?: {
                                        observe: boolean;
                                        block: boolean;
                                        notify: boolean;
                                        reason?: string | null;
                                    };
                                    cloud_storage?: {
                                        observe: boolean;
                                        block: boolean;
                                        notify: boolean;
                                        reason?: string | null;
                                    };
                                    mobile_device?: {
                                        observe: boolean;
                                        block: boolean;
                                        notify: boolean;
                                        reason?: string | null;
                                    };
                                    optical_disc?: {
                                        observe: boolean;
                                        block: boolean;
                                        notify: boolean;
                                        reason?: string | null;
                                    };
                                    bluetooth?: {
                                        observe: boolean;
                                        block: boolean;
                                        notify: boolean;
                                        reason?: string | null;
                                    };
                                    file_open?: {
                                        observe: boolean;
                                        block: boolean;
                                        notify: boolean;
                                        reason?: string | null;
                                    };
                                    file_delete?: {
                                        observe: boolean;
                                        block: boolean;
                                        notify: boolean;
                                        reason?: string | null;
                                    };
                                    file_create?: {
                                        observe: boolean;
                                        block: boolean;
                                        notify: boolean;
                                        reason?: string | null;
                                    };
                                    file_modify?: {
                                        observe: boolean;
                                        block: boolean;
                                        notify: boolean;
                                        reason?: string | null;
                                    };
                                    file_rename?: {
                                        observe: boolean;
                                        block: boolean;
                                        notify: boolean;
                                        reason?: string | null;
                                    };
                                    archive_create?: {
                                        observe: boolean;
                                        block: boolean;
                                        notify: boolean;
                                        reason?: string | null;
                                    };
                                    discovery?: {
                                        observe: boolean;
                                        block: boolean;
                                        notify: boolean;
                                        reason?: string | null;
                                    };
                                    print?: {
                                        observe: boolean;
                                        block: boolean;
                                        notify: boolean;
                                        reason?: string | null;
                                    };
                                    clipboard?: {
                                        observe: boolean;
                                        block: boolean;
                                        notify: boolean;
                                        reason?: string | null;
                                    };
                                    cloud_sync_folder?: {
                                        observe: boolean;
                                        block: boolean;
                                        notify: boolean;
                                        reason?: string | null;
                                    };
                                    network_connection?: {
                                        observe: boolean;
                                        block: boolean;
                                        notify: boolean;
                                        reason?: string | null;
                                    };
                                };
                                scope_attributes?: string[];
                                features?: string[];
                            };
                            health: {
                                queue_depth?: number;
                                queue_overflow_refused?: number;
                                queue_overflow_dropped?: number;
                                events_rejected?: number;
                                bundle_refusal?: {
                                    code: string;
                                    offered_version?: number | null;
                                } | null;
                                clock_offset_ms?: number;
                                connection_filters?: {
                                    wanted: number;
                                    in_force: number;
                                    reason: string | null;
                                };
                                network_location?: string | null;
                                state?: string;
                                unwatchable_paths?: {
                                    total: number;
                                    items: {
                                        path: string;
                                        via: string;
                                        cause: string;
                                        code: string | null;
                                        since: string;
                                    }[];
                                };
                            };
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agents/{id}/group": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        group_id: string | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            hostname: string;
                            status: string;
                            os: string;
                            os_version: string;
                            agent_version: string;
                            group_id: string | null;
                            agent_group: string | null;
                            last_seen_at: string | null;
                            /** Format: date-time */
                            enrolled_at: string;
                            revoked_at: string | null;
                            bundle_version: number;
                            signature_algorithm: string;
                            key_protection: string;
                            /** Format: date-time */
                            certificate_expires_at: string;
                            capabilities: {
                                os?: string;
                                os_version?: string;
                                agent_version?: string;
                                channels?: {
                                    removable_storage?: {
                                        observe: boolean;
                                        block: boolean;
                                        notify: boolean;
                                        reason?: string | null;
                                    };
                                    browser_upload?: {
                                        observe: boolean;
                                        block: boolean;
                                        notify: boolean;
                                        reason?: string | null;
                                    };
                                    cloud_storage?: {
                                        observe: boolean;
                                        block: boolean;
                                        notify: boolean;
                                        reason?: string | null;
                                    };
                                    mobile_device?: {
                                        observe: boolean;
                                        block: boolean;
                                        notify: boolean;
                                        reason?: string | null;
                                    };
                                    optical_disc?: {
                                        observe: boolean;
                                        block: boolean;
                                        notify: boolean;
                                        reason?: string | null;
                                    };
                                    bluetooth?: {
                                        observe: boolean;
                                        block: boolean;
                                        notify: boolean;
                                        reason?: string | null;
                                    };
                                    file_open?: {
                                        observe: boolean;
                                        block: boolean;
                                        notify: boolean;
                                        reason?: string | null;
                                    };
                                    file_delete?: {
                                        observe: boolean;
                                        block: boolean;
                                        notify: boolean;
                                        reason?: string | null;
                                    };
                                    file_create?: {
                                        observe: boolean;
                                        block: boolean;
                                        notify: boolean;
                                        reason?: string | null;
                                    };
                                    file_modify?: {
                                        observe: boolean;
                                        block: boolean;
                                        notify: boolean;
                                        reason?: string | null;
                                    };
                                    file_rename?: {
                                        observe: boolean;
                                        block: boolean;
                                        notify: boolean;
                                        reason?: string | null;
                                    };
                                    archive_create?: {
                                        observe: boolean;
                                        block: boolean;
                                        notify: boolean;
                                        reason?: string | null;
                                    };
                                    discovery?: {
                                        observe: boolean;
                                        block: boolean;
                                        notify: boolean;
                                        reason?: string | null;
                                    };
                                    print?: {
                                        observe: boolean;
                                        block: boolean;
                                        notify: boolean;
                                        reason?: string | null;
                                    };
                                    clipboard?: {
                                        observe: boolean;
                                        block: boolean;
                                        notify: boolean;
                                        reason?: string | null;
                                    };
                                    cloud_sync_folder?: {
                                        observe: boolean;
                                        block: boolean;
                                        notify: boolean;
                                        reason?: string | null;
                                    };
                                    network_connection?: {
                                        observe: boolean;
                                        block: boolean;
                                        notify: boolean;
                                        reason?: string | null;
                                    };
                                };
                                scope_attributes?: string[];
                                features?: string[];
                            };
                            health: {
                                queue_depth?: number;
                                queue_overflow_refused?: number;
                                queue_overflow_dropped?: number;
                                events_rejected?: number;
                                bundle_refusal?: {
                                    code: string;
                                    offered_version?: number | null;
                                } | null;
                                clock_offset_ms?: number;
                                connection_filters?: {
                                    wanted: number;
                                    in_force: number;
                                    reason: string | null;
                                };
                                network_location?: string | null;
                                state?: string;
                                unwatchable_paths?: {
                                    total: number;
                                    items: {
                                        path: string;
                                        via: string;
                                        cause: string;
                                        code: string | null;
                                        since: string;
                                    }[];
                                };
                            };
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agents/{id}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        reason: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            hostname: string;
                            status: string;
                            os: string;
                            os_version: string;
                            agent_version: string;
                            group_id: string | null;
                            agent_group: string | null;
                            last_seen_at: string | null;
                            /** Format: date-time */
                            enrolled_at: string;
                            revoked_at: string | null;
                            bundle_version: number;
                            signature_algorithm: string;
                            key_protection: string;
                            /** Format: date-time */
                            certificate_expires_at: string;
                            capabilities: {
                                os?: string;
                                os_version?: string;
                                agent_version?: string;
                                channels?: {
                                    removable_storage?: {
                                        observe: boolean;
                                        block: boolean;
                                        notify: boolean;
                                        reason?: string | null;
                                    };
                                    browser_upload?: {
                                        observe: boolean;
                                        block: boolean;
                                        notify: boolean;
                                        reason?: string | null;
                                    };
                                    cloud_storage?: {
                                        observe: boolean;
                                        block: boolean;
                                        notify: boolean;
                                        reason?: string | null;
                                    };
                                    mobile_device?: {
                                        observe: boolean;
                                        block: boolean;
                                        notify: boolean;
                                        reason?: string | null;
                                    };
                                    optical_disc?: {
                                        observe: boolean;
                                        block: boolean;
                                        notify: boolean;
                                        reason?: string | null;
                                    };
                                    bluetooth?: {
                                        observe: boolean;
                                        block: boolean;
                                        notify: boolean;
                                        reason?: string | null;
                                    };
                                    file_open?: {
                                        observe: boolean;
                                        block: boolean;
                                        notify: boolean;
                                        reason?: string | null;
                                    };
                                    file_delete?: {
                                        observe: boolean;
                                        block: boolean;
                                        notify: boolean;
                                        reason?: string | null;
                                    };
                                    file_create?: {
                                        observe: boolean;
                                        block: boolean;
                                        notify: boolean;
                                        reason?: string | null;
                                    };
                                    file_modify?: {
                                        observe: boolean;
                                        block: boolean;
                                        notify: boolean;
                                        reason?: string | null;
                                    };
                                    file_rename?: {
                                        observe: boolean;
                                        block: boolean;
                                        notify: boolean;
                                        reason?: string | null;
                                    };
                                    archive_create?: {
                                        observe: boolean;
                                        block: boolean;
                                        notify: boolean;
                                        reason?: string | null;
                                    };
                                    discovery?: {
                                        observe: boolean;
                                        block: boolean;
                                        notify: boolean;
                                        reason?: string | null;
                                    };
                                    print?: {
                                        observe: boolean;
                                        block: boolean;
                                        notify: boolean;
                                        reason?: string | null;
                                    };
                                    clipboard?: {
                                        observe: boolean;
                                        block: boolean;
                                        notify: boolean;
                                        reason?: string | null;
                                    };
                                    cloud_sync_folder?: {
                                        observe: boolean;
                                        block: boolean;
                                        notify: boolean;
                                        reason?: string | null;
                                    };
                                    network_connection?: {
                                        observe: boolean;
                                        block: boolean;
                                        notify: boolean;
                                        reason?: string | null;
                                    };
                                };
                                scope_attributes?: string[];
                                features?: string[];
                            };
                            health: {
                                queue_depth?: number;
                                queue_overflow_refused?: number;
                                queue_overflow_dropped?: number;
                                events_rejected?: number;
                                bundle_refusal?: {
                                    code: string;
                                    offered_version?: number | null;
                                } | null;
                                clock_offset_ms?: number;
                                connection_filters?: {
                                    wanted: number;
                                    in_force: number;
                                    reason: string | null;
                                };
                                network_location?: string | null;
                                state?: string;
                                unwatchable_paths?: {
                                    total: number;
                                    items: {
                                        path: string;
                                        via: string;
                                        cause: string;
                                        code: string | null;
                                        since: string;
                                    }[];
                                };
                            };
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/enrollment-tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                id: string;
                                prefix: string;
                                agent_group: string | null;
                                max_uses: number;
                                uses: number;
                                /** Format: date-time */
                                expires_at: string;
                                /** Format: date-time */
                                created_at: string;
                                revoked_at: string | null;
                                state: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        max_uses?: number;
                        ttl_minutes?: number;
                        agent_group?: string | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            token: string;
                            id: string;
                            prefix: string;
                            agent_group: string | null;
                            max_uses: number;
                            uses: number;
                            /** Format: date-time */
                            expires_at: string;
                            /** Format: date-time */
                            created_at: string;
                            revoked_at: string | null;
                            state: string;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/enrollment-tokens/{id}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        reason: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            prefix: string;
                            agent_group: string | null;
                            max_uses: number;
                            uses: number;
                            /** Format: date-time */
                            expires_at: string;
                            /** Format: date-time */
                            created_at: string;
                            revoked_at: string | null;
                            state: string;
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agents/update-manifest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            releases: {
                                id: string;
                                version: string;
                                platform: string;
                                size_bytes: number;
                                sha256: string;
                                signature_b64: string;
                                key_id: string;
                                /** Format: date-time */
                                created_at: string;
                            }[];
                            rollout: {
                                agent_group: string;
                                version: string | null;
                                /** Format: date-time */
                                updated_at: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        rollout: {
                            agent_group: string;
                            version?: string;
                        }[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            releases: {
                                id: string;
                                version: string;
                                platform: string;
                                size_bytes: number;
                                sha256: string;
                                signature_b64: string;
                                key_id: string;
                                /** Format: date-time */
                                created_at: string;
                            }[];
                            rollout: {
                                agent_group: string;
                                version: string | null;
                                /** Format: date-time */
                                updated_at: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description the one error shape (docs/errors.md) */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            message: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** PolicyCondition */
        "def-0": {
            op: "classification" | "detector" | "category" | "and" | "or" | "not" | "at_least" | "total_matches" | "file_condition" | "removable_device" | "network_location" | "always" | "fingerprint";
            classification_id?: string;
            classification_version?: number;
            revision?: number;
            detector_id?: string;
            category?: string;
            min_matches?: number;
            min_confidence?: number;
            require_validated?: boolean;
            nodes?: components["schemas"]["def-0"][];
            node?: components["schemas"]["def-0"];
            n?: number;
            extensions?: string[];
            mime_types?: string[];
            min_size_bytes?: number;
            max_size_bytes?: number;
            path_contains?: string[];
            labels?: string[];
            owners?: string[];
            serials?: string[];
            classes?: string[];
            match_mode?: string;
            include_approved_inventory?: boolean;
            any_of?: string[];
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
